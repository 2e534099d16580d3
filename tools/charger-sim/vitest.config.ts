import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'charger-sim',
    include: ['src/**/*.test.ts'],
    // Ceilings that only bound a hang: tests wait for conditions, and a loaded machine (another
    // `npm test` beside this one on two cores) is slow but must not fail them.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for a condition; its ceiling too only bounds a hang.
    expect: { poll: { timeout: 60_000 } },
  },
});
