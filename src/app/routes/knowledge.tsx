import { useDocumentTitle } from '@/components/use-document-title';
import { KnowledgePage } from '@/features/knowledge/components/knowledge-page';

export function KnowledgeRoute() {
  useDocumentTitle('Knowledge');
  return <KnowledgePage />;
}
