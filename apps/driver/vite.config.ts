import path from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { precompress } from './vite-precompress.ts';
import { baseMap } from './vite-base-map.ts';
import { appShellFiles, readBuildManifest } from './vite-app-shell.ts';

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

type ManifestTransform = NonNullable<
  NonNullable<VitePWAOptions['workbox']>['manifestTransforms']
>[number];

/** Keeps, of what the worker would precache, the page itself, its images and the app shell. */
const precacheAppShellOnly: ManifestTransform = (entries) => {
  const shell = appShellFiles(readBuildManifest(path.join(import.meta.dirname, 'dist')));
  return {
    manifest: entries.filter(
      ({ url }) => !url.startsWith('assets/') || shell.has(url) || url.startsWith('assets/flags/'),
    ),
  };
};

const appConfig: UserConfig = {
  resolve: { dedupe },
  plugins: [
    react(),
    baseMap(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Issue 14: installing the worker downloads the app shell, not every page's code (the map,
        // the password checker's dictionaries): pages are cached as they load (below).
        manifestTransforms: [precacheAppShellOnly],
        // The worker takes the first visit's page at once, so the pages preloaded after it and
        // the code the first screen already loaded (app/service-worker.ts) are kept offline.
        clientsClaim: true,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/dev\//,
          /^\/ocpp\//,
          /^\/manifest\.webmanifest$/,
          /^\/brand-icon\//,
          // The support console is an app of its own at /console (ADR 0023).
          /^\/console(\/|$)/,
        ],
        runtimeCaching: [
          {
            // Hashed: a file's name changes with its content, so a cached copy is always right.
            urlPattern: ({ url }) =>
              url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/i18n/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'app-code',
              expiration: { maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60 },
              // The server varies on Origin and Accept-Encoding; a cached file is the same file
              // whatever the page's request carried (a module script sends an Origin, a fetch not).
              matchOptions: { ignoreVary: true },
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/i18n/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'translations', matchOptions: { ignoreVary: true } },
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
