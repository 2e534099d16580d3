import { useTranslation } from 'react-i18next';
import { KnowledgeBaseLink as BrandKnowledgeBaseLink } from '../../ui/knowledge-base-link/knowledge-base-link.tsx';

/** spec 001 §1 KNOWLEDGE_BASE: the brand's knowledge base, as home charging words it. */
export function KnowledgeBaseLink() {
  const { t } = useTranslation();
  return <BrandKnowledgeBaseLink label={t('homeCharging.knowledgeBase')} />;
}
