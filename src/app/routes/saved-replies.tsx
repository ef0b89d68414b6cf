import { useDocumentTitle } from '@/components/use-document-title';
import { SavedRepliesPage } from '@/features/saved-replies/components/saved-replies-page';

export function SavedRepliesRoute() {
  useDocumentTitle('Saved replies');
  return <SavedRepliesPage />;
}
