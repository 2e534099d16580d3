import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { dedupe } from './vite.config.ts';
import { baseMap } from './vite-base-map.ts';

export default defineProject({
  plugins: [react(), baseMap()],
  // Ionic's React wrappers come from @lit/react; its browser build (not the server one Node would
  // pick) attaches their event listeners and properties, so tests can type into Ionic inputs.
  resolve: { dedupe, conditions: ['browser', 'module', 'import', 'default'] },
  test: {
    server: { deps: { inline: ['@ionic/react', '@stencil/react-output-target', '@lit/react'] } },
    name: 'driver',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Ceilings that only bound a hang (src/test/setup.ts waits for conditions up to 30 s): a
    // loaded machine renders slowly, and a slow but correct run passes.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
