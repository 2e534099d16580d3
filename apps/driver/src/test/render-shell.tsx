import type { ReactNode } from 'react';
import { IonApp, IonContent, IonPage } from '@ionic/react';
import { IonReactMemoryRouter } from '@ionic/react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { useLocation } from 'react-router-dom';

/** A page that only says which page it is. */
export function namedPage(name: string) {
  return function NamedPage() {
    return (
      <IonPage>
        <IonContent>
          <h1>{name}</h1>
        </IonContent>
      </IonPage>
    );
  };
}

/** Shows the router's current address, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

export function renderWithRouter(ui: ReactNode, path: string): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <IonApp>
        <IonReactMemoryRouter initialEntries={[path]}>
          <LocationProbe />
          {ui}
        </IonReactMemoryRouter>
      </IonApp>
    </QueryClientProvider>,
  );
}
