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
import { applyBrand } from './app/brand-theme.ts';
import { registerServiceWorkerWhenStable } from './app/service-worker.ts';
import { announceUpdate } from './app/update-toast.tsx';
import { currentBrand } from './lib/brand.ts';
import { initI18n, loadEveryLanguage } from './lib/i18n.ts';
import { whenIdle } from './lib/when-idle.ts';

setupIonicReact();
applyBrand(currentBrand().brand);

let markStable: () => void = () => undefined;
const stable = new Promise<void>((resolve) => {
  markStable = resolve;
});

registerServiceWorkerWhenStable(stable, { onUpdateReady: announceUpdate });
// The first screen waits for its own language only; the language lists offer the others.
void stable.then(() => whenIdle(() => void loadEveryLanguage()));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void initI18n().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App onStable={markStable} />
    </StrictMode>,
  );
});
