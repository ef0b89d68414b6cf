import { useDocumentTitle } from '@/components/use-document-title';
import { JoinPage } from '@/features/team/components/join-page';

export function JoinRoute() {
  useDocumentTitle('Join the team');
  return <JoinPage />;
}
