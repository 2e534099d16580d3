import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Bounds a hang only: a loaded machine is slow, not wrong.
  test: { name: 'contract', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
