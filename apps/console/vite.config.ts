import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8282';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/dev': { target: apiTarget, changeOrigin: false },
};

/** The support console, served by the platform at /console (ADR 0023). */
export const consoleConfig: UserConfig = {
  base: '/console/',
  plugins: [react()],
  server: { port: 5174, host: true, allowedHosts: ['.localhost'], proxy },
  build: { outDir: 'dist', sourcemap: true },
};

export default defineConfig(({ command }) => {
  // React's production build, whatever NODE_ENV the shell carries (as the driver app does).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return consoleConfig;
});
