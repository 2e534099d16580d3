import { useCallback } from 'react';
import { useIonAlert } from '@ionic/react';
import { useTranslation } from 'react-i18next';

export interface AlertContent {
  header: string;
  message: string;
}

/** An Ionic alert with the single button OK (spec 000 §9); resolves when it is dismissed. */
export function useAlert(): { showAlert: (content: AlertContent) => Promise<void> } {
  const [present] = useIonAlert();
  const { t } = useTranslation();
  const showAlert = useCallback(
    (content: AlertContent) =>
      new Promise<void>((resolve) => {
        void present({
          header: content.header,
          message: content.message,
          buttons: [t('common.ok')],
          onDidDismiss: () => resolve(),
        });
      }),
    [present, t],
  );
  return { showAlert };
}
