import { IonButton, IonIcon } from '@ionic/react';
import { chevronDown, helpBuoyOutline, logInOutline } from 'ionicons/icons';
import { Trans, useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand.ts';
import { useFeatureVisible } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { KnowledgeBaseLink } from '../../ui/knowledge-base-link/knowledge-base-link.tsx';
import { PageView } from '../../ui/page-view/page-view.tsx';
import './faq.css';

/** The questions of each topic, in the order a driver meets them (texts under faq.sections). */
export const FAQ_SECTIONS = {
  finding: ['where', 'code', 'status', 'filters'],
  paying: ['methods', 'hold', 'credit', 'price', 'receipt'],
  charging: ['start', 'pause', 'stop', 'overstay', 'problem'],
  home: ['adopt', 'schedule', 'tariff'],
  account: ['guest', 'mfa', 'password', 'language', 'delete'],
} as const;

type FaqSection = keyof typeof FAQ_SECTIONS;

/** Home charging's questions only where the brand offers home charging (spec 001 §1). */
const SECTION_FEATURE: Partial<Record<FaqSection, string>> = { home: 'HOME_CHARGING' };

function Section({ section }: { section: FaqSection }) {
  const { t } = useTranslation();
  const headingId = `faq-${section}`;
  return (
    <section className="faq-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`faq.sections.${section}.title`)}</h2>
      {FAQ_SECTIONS[section].map((item) => (
        <details key={item} className="faq-item">
          <summary>
            <span>{t(`faq.sections.${section}.items.${item}.q`)}</span>
            <IonIcon className="faq-item__arrow" icon={chevronDown} aria-hidden="true" />
          </summary>
          <p>{t(`faq.sections.${section}.items.${item}.a`)}</p>
        </details>
      ))}
    </section>
  );
}

/**
 * spec 000 §2 faq (open): the brand's questions and answers on finding, paying, charging, home
 * charging and accounts, with its knowledge base where it has one (spec 001 §1 KNOWLEDGE_BASE).
 */
export function FaqPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { user } = useSession();
  const homeCharging = useFeatureVisible(SECTION_FEATURE.home);
  const sections = (Object.keys(FAQ_SECTIONS) as FaqSection[]).filter(
    (section) => section !== 'home' || homeCharging,
  );
  return (
    <PageView title={t('faq.title')} subtitle={t('faq.subtitle', { brand: brand.name })}>
      {sections.map((section) => (
        <Section key={section} section={section} />
      ))}
      <KnowledgeBaseLink label={t('faq.knowledgeBase', { brand: brand.name })} />
      <section className="faq-more" aria-labelledby="faq-more">
        <h2 id="faq-more">{t('faq.more.title')}</h2>
        <p>{t(user ? 'faq.more.signedIn' : 'faq.more.signedOut')}</p>
        {user ? (
          <IonButton expand="block" fill="outline" routerLink="/support">
            <IonIcon slot="start" icon={helpBuoyOutline} aria-hidden="true" />
            {t('faq.more.support')}
          </IonButton>
        ) : (
          <IonButton expand="block" fill="outline" routerLink="/login">
            <IonIcon slot="start" icon={logInOutline} aria-hidden="true" />
            {t('faq.more.signIn')}
          </IonButton>
        )}
        {brand.supportEmail && (
          <p className="faq-more__email">
            <Trans
              i18nKey="faq.more.email"
              values={{ email: brand.supportEmail }}
              components={{ link: <a href={`mailto:${brand.supportEmail}`} /> }}
            />
          </p>
        )}
      </section>
    </PageView>
  );
}
