import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite-precompress.ts';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8282';

// The server answers these; the dev and preview servers forward them. The manifest is per brand
// (chosen by host), so the server serves it and the PWA plugin does not generate one.
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/dev': { target: apiTarget, changeOrigin: false },
  '/manifest.webmanifest': { target: apiTarget, changeOrigin: false },
  '/brand-icon': { target: apiTarget, changeOrigin: false },
  '/ocpp': { target: apiTarget, changeOrigin: false, ws: true },
};

/**
 * npm keeps a second copy of @ionic/react under @ionic/react-router; both must be one instance or
 * the router outlet cannot see the router's context.
 */
export const dedupe = [
  '@ionic/react',
  '@ionic/core',
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
];

/**
 * Ionic's packages declare no `sideEffects`, so every one of its components would be bundled by
 * any import of `@ionic/react`. Each component module only defines its class (its custom element
 * is registered when its React wrapper first renders), so only the components the app renders
 * are kept.
 */
const ionicWithoutSideEffects =
  /node_modules\/(@ionic\/core\/components|@ionic\/react\/dist|ionicons\/(components|icons))\//;

const appConfig: UserConfig = {
  resolve: { dedupe },
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/dev\//,
          /^\/ocpp\//,
          /^\/manifest\.webmanifest$/,
          /^\/brand-icon\//,
        ],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/i18n/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'translations' },
          },
        ],
      },
    }),
    precompress(),
  ],
  server: { port: 5173, host: true, allowedHosts: ['.localhost'], proxy },
  preview: { port: 4173, host: true, allowedHosts: ['.localhost'], proxy },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // bench/src/app-bundle.ts reads which chunks and styles each page needs from it.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // Modules run in the order the source imports them, whatever chunk they land in: main.tsx's
    // first import (zod without eval, for the Content-Security-Policy) must run before any schema.
    rolldownOptions: {
      output: { strictExecutionOrder: true },
      treeshake: {
        moduleSideEffects: (id: string) => !ionicWithoutSideEffects.test(id),
        // @ionic/react makes some wrappers (the router outlet's, the tabs', the nav's) through
        // these without marking the call pure; unused, they are dropped like the others.
        manualPureFunctions: ['createReactComponent', 'createForwardRef'],
      },
    },
  },
};

export default defineConfig(({ command }) => {
  // A shell's NODE_ENV (development, test) would otherwise ship React's development build:
  // Vite and the React plugin choose the production build from process.env.NODE_ENV, which they
  // read after this function runs (the way Vite's own warning recommends setting it).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return appConfig;
});
