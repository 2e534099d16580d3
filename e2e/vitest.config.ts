import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    // A hook may start a server of its own: up to three minutes on a busy machine (src/server.ts).
    hookTimeout: 200_000,
    fileParallelism: false,
  },
});
