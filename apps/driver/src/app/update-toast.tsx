import { useSyncExternalStore } from 'react';
import { IonToast } from '@ionic/react';
import { useTranslation } from 'react-i18next';

type Update = () => Promise<void>;

let pending: Update | null = null;
const listeners = new Set<() => void>();

/** Called by the service worker registration when a new version waits. */
export function announceUpdate(update: Update | null): void {
  pending = update;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getPending = (): Update | null => pending;

/** A new version of the app is ready: the user reloads into it when they choose. */
export function UpdateToast() {
  const { t } = useTranslation();
  const update = useSyncExternalStore(subscribe, getPending, getPending);
  return (
    <IonToast
      isOpen={update !== null}
      message={t('update.available')}
      position="bottom"
      onDidDismiss={() => announceUpdate(null)}
      buttons={[{ text: t('update.reload'), handler: () => void update?.() }]}
    />
  );
}
