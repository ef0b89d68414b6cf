import { useDocumentTitle } from '@/components/use-document-title';
import { AccountPage } from '@/features/team/components/account-page';

export function AccountRoute() {
  useDocumentTitle('Your account');
  return <AccountPage />;
}
