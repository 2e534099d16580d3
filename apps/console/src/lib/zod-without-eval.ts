import { z } from 'zod';

// The page's Content-Security-Policy allows no eval; zod's check for it is itself reported as a
// violation, so this runs before any schema of the contract is built.
z.config({ jitless: true });
