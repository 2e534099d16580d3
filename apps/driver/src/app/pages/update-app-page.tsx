import { useEffect, useState } from 'react';
import { IonButton, IonContent, IonIcon, IonPage, IonSpinner } from '@ionic/react';
import { cloudDownloadOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { useBrand } from '../../lib/brand.ts';
import { checkVersion, useVersionStatus } from '../start-up.ts';
import './update-app-page.css';

async function storeUrl(brandName: string): Promise<string | null> {
  switch (Capacitor.getPlatform()) {
    case 'android':
      return `https://play.google.com/store/apps/details?id=${(await App.getInfo()).id}`;
    case 'ios':
      return `https://apps.apple.com/search?term=${encodeURIComponent(brandName)}`;
    default:
      return null;
  }
}

/** spec 000 §5, §8: the out-of-date notice; on a phone, a link to the store. */
export function UpdateAppPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const navigate = useNavigate();
  const status = useVersionStatus();
  const [store, setStore] = useState<string | null>(null);

  useEffect(() => {
    void storeUrl(brand.name).then(setStore);
  }, [brand.name]);

  useEffect(() => {
    if (status === 'accepted') navigate('/home', { replace: true });
  }, [status, navigate]);

  return (
    <IonPage>
      <IonContent className="update-app-page" fullscreen>
        <div className="update-app-page__card">
          <img className="update-app-page__logo" src={brand.icon} alt={brand.name} />
          <IonIcon className="update-app-page__icon" icon={cloudDownloadOutline} color="primary" />
          <h1>{t('update.heading')}</h1>
          <p>{t('update.message')}</p>
          {store && (
            <IonButton expand="block" href={store} target="_blank" rel="noopener">
              {t('update.store')}
            </IonButton>
          )}
          <IonButton
            expand="block"
            fill="outline"
            disabled={status === 'checking'}
            onClick={() => void checkVersion()}
          >
            {status === 'checking' ? <IonSpinner name="crescent" /> : t('update.retry')}
          </IonButton>
        </div>
      </IonContent>
    </IonPage>
  );
}
