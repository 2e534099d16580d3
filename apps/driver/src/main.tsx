import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupIonicReact } from '@ionic/react';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/float-elements.css';
import '@ionic/react/css/text-alignment.css';
import '@ionic/react/css/text-transformation.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import './app/theme.css';

import { App } from './app/app.tsx';
import { appRoutes } from './app/routes.ts';
import { applyBrand } from './app/brand-theme.ts';
import { keepLoadedCodeOffline, registerServiceWorkerWhenStable } from './app/service-worker.ts';
import { announceUpdate } from './app/update-toast.tsx';
import { currentBrand } from './lib/brand.ts';
import { initI18n, loadEveryLanguage } from './lib/i18n.ts';
import { isMasquerading } from './lib/masquerade/masquerade-state.ts';
import { preloadOnIntent, preloadPageAt, preloadPages } from './lib/lazy-page.ts';
import { whenIdle } from './lib/when-idle.ts';

// Support masquerade (issue 18): the console frames the app and posts to it once the app says it
// listens. A page that is neither framed nor on the masquerade host loads none of that code.
if (window.parent !== window || isMasquerading()) {
  void import('./lib/masquerade/masquerade-messages.ts').then((messages) =>
    messages.listenForMasquerade(),
  );
}
setupIonicReact();
// Room for every chunk of the app in the resource timings keepLoadedCodeOffline reads.
performance.setResourceTimingBufferSize(1000);
applyBrand(currentBrand().brand);

let markStable: () => void = () => undefined;
const stable = new Promise<void>((resolve) => {
  markStable = resolve;
});

registerServiceWorkerWhenStable(stable, { onUpdateReady: announceUpdate });
// What the first screen does not need comes once it is up: the other languages (for the language
// lists), then every page's code (spec 000 §2: all feature pages are preloaded).
void stable.then(async () => {
  await whenIdle();
  await loadEveryLanguage();
  await preloadPages(appRoutes, whenIdle);
  await keepLoadedCodeOffline();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

preloadPageAt(appRoutes, window.location.pathname);
preloadOnIntent(appRoutes);
void initI18n().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App onStable={markStable} />
    </StrictMode>,
  );
});
