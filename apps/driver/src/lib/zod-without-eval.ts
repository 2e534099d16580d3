import { z } from 'zod';

// The app's Content-Security-Policy allows no eval. zod checks whether it may compile its object
// parsers when each schema is built, and the check alone is reported as a violation: so this
// module is imported first, before any schema exists.
z.config({ jitless: true });
