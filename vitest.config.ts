import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/driver', 'apps/console', 'tools/charger-sim'],
  },
});
