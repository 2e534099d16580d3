import { useEffect, useState } from 'react';
import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { FeatureRoute } from '../lib/routing.ts';
import { DeepLinks } from './deep-links.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { createQueryClient } from './query-client.ts';
import { appRoutes } from './routes.ts';
import { ScrollManager } from './scroll-manager.tsx';
import { startUp } from './start-up.ts';
import { UpdateToast } from './update-toast.tsx';

export interface AppProps {
  routes?: readonly FeatureRoute[];
  /** Called once start-up (version check, user load) has finished: the app is stable. */
  onStable?: () => void;
}

export function App({ routes = appRoutes, onStable }: AppProps) {
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./keep-last-loaded.ts').then(({ keepLastLoaded }) => {
      if (!stopped) stop = keepLastLoaded(queryClient);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient]);

  useEffect(() => {
    void startUp().finally(() => onStable?.());
  }, [onStable]);

  return (
    <QueryClientProvider client={queryClient}>
      <IonApp>
        <IonReactRouter>
          <DeepLinks />
          <ScrollManager />
          <AppLayout routes={routes} />
          <UpdateToast />
        </IonReactRouter>
      </IonApp>
    </QueryClientProvider>
  );
}
