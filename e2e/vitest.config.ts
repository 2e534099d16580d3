import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    // A whole flow waits on many conditions, each bounded by WAIT_CEILING_MS (src/browser.ts);
    // this ceiling only bounds a hang.
    testTimeout: 300_000,
    // A hook may start a server of its own: up to three minutes on a busy machine (src/server.ts).
    hookTimeout: 200_000,
    fileParallelism: false,
  },
});
