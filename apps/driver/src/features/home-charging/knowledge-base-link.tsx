import { IonIcon } from '@ionic/react';
import { helpCircleOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand.ts';
import { useFeatureVisible } from '../../lib/permissions.ts';

/** spec 001 §1 KNOWLEDGE_BASE: a link to the brand's knowledge base, where it has one. */
export function KnowledgeBaseLink() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const visible = useFeatureVisible('KNOWLEDGE_BASE');
  if (!visible || !brand.knowledgeBaseUrl) return null;
  return (
    <a className="knowledge-base" href={brand.knowledgeBaseUrl} target="_blank" rel="noreferrer">
      <IonIcon icon={helpCircleOutline} aria-hidden="true" />
      {t('homeCharging.knowledgeBase')}
    </a>
  );
}
