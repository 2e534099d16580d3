import { IonIcon, IonItem, IonLabel, IonList, IonRadio, IonRadioGroup } from '@ionic/react';
import { checkmarkCircle } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage } from '@evc/domain';
import { useLanguage } from '../../lib/i18n.ts';
import { flagUrl } from '../../ui/language-selector/language-selector.tsx';
import { PageView } from '../../ui/page-view/page-view.tsx';
import './account.css';

/** spec 000 §2, 001 §4: choose the app's language; it is kept on the device and the account. */
export function LanguagePage() {
  const { t } = useTranslation();
  const { language, available, setLanguage } = useLanguage();

  return (
    <PageView title={t('languagePage.title')} subtitle={t('languagePage.subtitle')}>
      <IonRadioGroup
        value={language}
        onIonChange={(event) => {
          const code = String(event.detail.value);
          if (isSupportedLanguage(code)) void setLanguage(code);
        }}
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
      <p className="form-note language-note">
        <IonIcon icon={checkmarkCircle} color="primary" aria-hidden="true" />{' '}
        {t('languagePage.saved')}
      </p>
    </PageView>
  );
}
