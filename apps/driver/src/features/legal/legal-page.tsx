import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand.ts';
import { useDates } from '../../lib/dates.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import './legal.css';

/** When the texts below last changed; shown on both pages. */
const LAST_UPDATED = '2026-11-01';

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

type LegalKind = 'terms' | 'privacy';

const OTHER: Record<LegalKind, { kind: LegalKind; path: string }> = {
  terms: { kind: 'privacy', path: '/privacy' },
  privacy: { kind: 'terms', path: '/terms' },
};

function LegalPage({ kind, sections }: { kind: LegalKind; sections: readonly string[] }) {
  const { t } = useTranslation();
  const dates = useDates();
  const { brand } = useBrand();
  const values = { brand: brand.name, email: brand.supportEmail ?? t('legal.noEmail') };
  const updated = dates.format(LAST_UPDATED, 'longDate', { timeZone: 'UTC' });
  const other = OTHER[kind];
  // Inside the terms modal (?embedded=1) the other text opens in the same frame, still without bars.
  const { search } = useLocation();
  return (
    <PageView title={t(`legal.${kind}.title`)} subtitle={t('legal.updated', { date: updated })}>
      <article className="legal-text">
        <p className="legal-text__intro">{t(`legal.${kind}.intro`, values)}</p>
        {sections.map((section, index) => (
          <section key={section}>
            <h2>{`${index + 1}. ${t(`legal.${kind}.sections.${section}.heading`, values)}`}</h2>
            <p>{t(`legal.${kind}.sections.${section}.body`, values)}</p>
          </section>
        ))}
        <p className="legal-text__other">
          <Link to={{ pathname: other.path, search }}>{t(`legal.${other.kind}.title`)}</Link>
        </p>
      </article>
    </PageView>
  );
}

/** spec 000 §2: the terms of use (/terms, /terms-conditions), also shown in the terms modal. */
export function TermsPage() {
  return <LegalPage kind="terms" sections={TERMS_SECTIONS} />;
}

/** spec 000 §2: the privacy notice. */
export function PrivacyPage() {
  return <LegalPage kind="privacy" sections={PRIVACY_SECTIONS} />;
}
