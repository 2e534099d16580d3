import { useState } from 'react';
import { IonIcon, IonItem, IonLabel, IonList, IonRadio, IonRadioGroup } from '@ionic/react';
import { checkmarkCircle } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useMasquerade } from '../../lib/masquerade/masquerade-state.ts';
import { flagUrl } from '../../ui/language-selector/language-selector.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import './account.css';

/**
 * spec 000 §2, 001 §4: choose the app's language; it is kept on the device and the account, and in
 * support masquerade (spec 000 §4) for the session only.
 */
export function LanguagePage() {
  const { t } = useTranslation();
  const { language, available, setLanguage } = useLanguage();
  const { on: masquerading } = useMasquerade();
  const errorMessage = useErrorMessage();
  const [error, setError] = useState<string | null>(null);

  const choose = async (code: string) => {
    if (!isSupportedLanguage(code) || code === language) return;
    setError(null);
    try {
      await setLanguage(code);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <PageView title={t('languagePage.title')} subtitle={t('languagePage.subtitle')}>
      <IonRadioGroup
        value={language}
        onIonChange={(event) => void choose(String(event.detail.value))}
      >
        <IonList inset className="language-list">
          {available.map((code) => (
            <IonItem key={code}>
              <img slot="start" className="language-list__flag" src={flagUrl(code)} alt="" />
              <IonRadio value={code} justify="space-between" aria-label={t(`languages.${code}`)}>
                <IonLabel lang={code}>{t(`languages.${code}`)}</IonLabel>
              </IonRadio>
            </IonItem>
          ))}
        </IonList>
      </IonRadioGroup>
      <FormError message={error} />
      <p className="form-note language-note">
        <IonIcon icon={checkmarkCircle} color="primary" aria-hidden="true" />
        <span>{t(masquerading ? 'languagePage.savedMasquerade' : 'languagePage.saved')}</span>
      </p>
    </PageView>
  );
}
