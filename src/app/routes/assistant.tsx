import { useDocumentTitle } from '@/components/use-document-title';
import { AssistantPage } from '@/features/config/components/assistant-page';

export function AssistantRoute() {
  useDocumentTitle('Assistant');
  return <AssistantPage />;
}
