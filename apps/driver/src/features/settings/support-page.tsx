import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { callOutline, copyOutline, helpCircleOutline, mailOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useHelpline } from './api/get-helpline.ts';
import './settings.css';

/** A tel: address keeps only what a dialler reads: digits and a leading plus. */
const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

function Helpline({ countryCode }: { countryCode: string }) {
  const { t } = useTranslation();
  const helpline = useHelpline(countryCode);
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);

  const copyNumber = async (number: string) => {
    try {
      // Clipboard access is refused outside secure contexts and by some webviews.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(number);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  if (!helpline.data) {
    return (
      <p className="support-number" aria-busy={helpline.isPending}>
        {helpline.isPending ? t('common.loading') : t('support.unavailable')}
      </p>
    );
  }
  const number = helpline.data;
  return (
    <>
      <p className="support-number">
        <a href={telHref(number)}>{number}</a>
      </p>
      <div className="support-actions">
        <IonButton href={telHref(number)} className="primary-action">
          <IonIcon slot="start" icon={callOutline} aria-hidden="true" />
          {t('support.call')}
        </IonButton>
        <IonButton
          fill="outline"
          className="primary-action"
          onClick={() => void copyNumber(number)}
        >
          <IonIcon slot="start" icon={copyOutline} aria-hidden="true" />
          {t('support.copy')}
        </IonButton>
      </div>
      {copy === 'copied' && (
        <p className="form-note" role="status">
          {t('support.copied')}
        </p>
      )}
      <FormError message={copy === 'failed' ? t('support.copyFailed') : null} />
    </>
  );
}

/** spec 000 §2 support, §8: the helpline for the driver's country and the brand's support e-mail. */
export function SupportPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { brand } = useBrand();
  return (
    <PageView title={t('support.title')} subtitle={t('support.subtitle', { brand: brand.name })}>
      <section className="support-card">
        <h2 className="section-label">{t('support.helpline')}</h2>
        {user && <Helpline countryCode={user.address.country_code.code} />}
      </section>
      {brand.supportEmail && (
        <section className="support-card">
          <h2 className="section-label">{t('support.email')}</h2>
          <p className="support-email">
            <a href={`mailto:${brand.supportEmail}`}>
              <IonIcon icon={mailOutline} aria-hidden="true" />
              <span>{brand.supportEmail}</span>
            </a>
          </p>
        </section>
      )}
      <section className="support-card">
        <h2 className="section-label">{t('support.faqTitle')}</h2>
        <p>{t('support.faqText')}</p>
        <IonButton fill="outline" expand="block" routerLink="/faq">
          <IonIcon slot="start" icon={helpCircleOutline} aria-hidden="true" />
          {t('settings.links.faq')}
        </IonButton>
      </section>
    </PageView>
  );
}
