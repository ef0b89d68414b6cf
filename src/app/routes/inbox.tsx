import { useDocumentTitle } from '@/components/use-document-title';
import { InboxPage } from '@/features/inbox/components/inbox-page';

export function InboxRoute() {
  useDocumentTitle('Inbox');
  return <InboxPage />;
}
