import { useDocumentTitle } from '@/components/use-document-title';
import { SignInPage } from '@/features/auth/components/sign-in-page';

export function SignInRoute() {
  useDocumentTitle('Sign in');
  return <SignInPage />;
}
