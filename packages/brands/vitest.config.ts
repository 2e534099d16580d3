import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'brands', include: ['src/**/*.test.ts'] },
});
