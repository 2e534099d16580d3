import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { dedupe } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  resolve: { dedupe },
  test: {
    name: 'driver',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
