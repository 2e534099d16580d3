import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import './legal.css';

export const TERMS_SECTIONS = [
  'service',
  'account',
  'charging',
  'payments',
  'conduct',
  'liability',
  'changes',
  'contact',
] as const;
export const PRIVACY_SECTIONS = [
  'controller',
  'data',
  'use',
  'sharing',
  'retention',
  'rights',
  'security',
  'contact',
] as const;

function LegalPage({ kind, sections }: { kind: 'terms' | 'privacy'; sections: readonly string[] }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const values = { brand: brand.name, email: brand.supportEmail ?? t('legal.noEmail') };
  return (
    <PageView
      title={t(`legal.${kind}.title`)}
      subtitle={t('legal.updated', { date: '2026-11-01' })}
    >
      <article className="legal-text">
        <p>{t(`legal.${kind}.intro`, values)}</p>
        {sections.map((section, index) => (
          <section key={section}>
            <h2>{`${index + 1}. ${t(`legal.${kind}.sections.${section}.heading`, values)}`}</h2>
            <p>{t(`legal.${kind}.sections.${section}.body`, values)}</p>
          </section>
        ))}
      </article>
    </PageView>
  );
}

/** spec 000 §2: the terms of use, also shown in the terms modal. */
export function TermsPage() {
  return <LegalPage kind="terms" sections={TERMS_SECTIONS} />;
}

/** spec 000 §2: the privacy notice. */
export function PrivacyPage() {
  return <LegalPage kind="privacy" sections={PRIVACY_SECTIONS} />;
}
