import { useEffect, useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { closeOutline, shareOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand.ts';
import {
  dismissInstallPrompt,
  installPromptAllowed,
  isBeforeInstallPromptEvent,
  isIosSafari,
  readInstallEnvironment,
  type BeforeInstallPromptEvent,
} from '../../lib/install-prompt.ts';

type PromptState =
  { kind: 'hidden' } | { kind: 'install'; event: BeforeInstallPromptEvent } | { kind: 'ios' };

/**
 * spec 000 §2, §4: Chromium's install event → an Install button; iOS Safari → share instructions.
 * Only in browsers, not once installed, and never again after a dismissal.
 */
export function InstallPrompt() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const [state, setState] = useState<PromptState>(() => {
    const environment = readInstallEnvironment();
    return installPromptAllowed(environment) && isIosSafari(environment.userAgent)
      ? { kind: 'ios' }
      : { kind: 'hidden' };
  });

  useEffect(() => {
    const onBeforeInstall = (event: Event) => {
      if (!isBeforeInstallPromptEvent(event) || !installPromptAllowed(readInstallEnvironment()))
        return;
      event.preventDefault();
      setState({ kind: 'install', event });
    };
    const onInstalled = () => setState({ kind: 'hidden' });
    window.addEventListener('beforeinstallprompt', onBeforeInstall);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onBeforeInstall);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (state.kind === 'hidden') return null;

  const dismiss = () => {
    dismissInstallPrompt();
    setState({ kind: 'hidden' });
  };

  const install = async (event: BeforeInstallPromptEvent) => {
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === 'dismissed') dismissInstallPrompt();
    setState({ kind: 'hidden' });
  };

  return (
    <aside className="install-prompt" aria-label={t('install.title', { brand: brand.name })}>
      <img className="install-prompt__icon" src={brand.icon} alt="" />
      <div className="install-prompt__text">
        <strong>{t('install.title', { brand: brand.name })}</strong>
        {state.kind === 'ios' ? (
          <span>
            <IonIcon icon={shareOutline} aria-hidden="true" /> {t('install.iosInstructions')}
          </span>
        ) : (
          <span>{t('install.message')}</span>
        )}
      </div>
      <div className="install-prompt__actions">
        {state.kind === 'install' && (
          <IonButton size="small" onClick={() => void install(state.event)}>
            {t('install.install')}
          </IonButton>
        )}
        <IonButton
          size="small"
          fill="clear"
          color="medium"
          onClick={dismiss}
          aria-label={t('install.dismiss')}
        >
          {state.kind === 'install' ? (
            t('install.dismiss')
          ) : (
            <IonIcon slot="icon-only" icon={closeOutline} />
          )}
        </IonButton>
      </div>
    </aside>
  );
}
