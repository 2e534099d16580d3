import { IonIcon } from '@ionic/react';
import { helpCircleOutline } from 'ionicons/icons';
import { useBrand } from '../../lib/brand.ts';
import { useFeatureVisible } from '../../lib/permissions.ts';
import './knowledge-base-link.css';

/**
 * spec 001 §1 KNOWLEDGE_BASE: a link to the brand's knowledge base (its knowledgeBaseUrl), where
 * the feature is on and the brand has one; nothing otherwise.
 */
export function KnowledgeBaseLink({ label }: { label: string }) {
  const { brand } = useBrand();
  const visible = useFeatureVisible('KNOWLEDGE_BASE');
  if (!visible || !brand.knowledgeBaseUrl) return null;
  return (
    <a className="knowledge-base" href={brand.knowledgeBaseUrl} target="_blank" rel="noreferrer">
      <IonIcon icon={helpCircleOutline} aria-hidden="true" />
      {label}
    </a>
  );
}
