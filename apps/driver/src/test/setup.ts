import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setupIonicReact } from '@ionic/react';
import { SUPPORTED_LANGUAGES } from '@evc/domain';
import type { Resource } from 'i18next';
import { initI18n } from '../lib/i18n.ts';

function translations(): Resource {
  const resources: Resource = {};
  for (const code of SUPPORTED_LANGUAGES) {
    const file = join(import.meta.dirname, '..', '..', 'public', 'assets', 'i18n', `${code}.json`);
    resources[code] = {
      translation: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>,
    };
  }
  return resources;
}

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

setupIonicReact({ mode: 'md', animated: false });

// findBy…/waitFor wait for a condition, not for time: the ceiling only bounds a hang. A page
// waits on several fake calls in turn, which a loaded machine (two `npm test` on two cores) has
// been seen to take over five seconds to render.
configure({ asyncUtilTimeout: 30_000 });

beforeAll(async () => {
  await initI18n({ resources: translations(), language: 'en' });
});

afterEach(async () => {
  // Ionic moves overlays out of the rendered container, so cleanup() does not reach them; one
  // still counted as presented would hold back the next test's overlays, so it is dismissed first.
  const overlays = [
    ...document.querySelectorAll<HTMLElement & { dismiss?: () => Promise<boolean> }>(
      'ion-popover, ion-modal, ion-alert, ion-toast',
    ),
  ];
  await Promise.all(
    overlays.map(async (overlay) => {
      await overlay.dismiss?.().catch(() => false);
    }),
  );
  cleanup();
  for (const overlay of overlays) overlay.remove();
  window.localStorage.clear();
});

// ion-app starts its tap, keyboard and focus helpers from a 32 ms idle-callback fallback that
// reads `window`; let such timers run before the file's jsdom window is torn down.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 100)));
