import { useEffect, useState } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import { getSession } from '@/features/auth/api/session-request';
import { SignInCard, SignInChecking } from '@/features/auth/components/sign-in-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { safeNextLocation } from '@/features/auth/next-location';

/**
 * The sign-in page of a cold load of /sign-in, without the router, react-query or the app's providers:
 * the first screen most people load stays small (its budget: docs/performance.md). The same card and
 * form as the app's own /sign-in route. Once someone is signed in (now, or already) it hands over to the
 * app at `?next=` or the inbox, in the same page: `onSignedIn` receives that location.
 */
export function SignInEntry({ onSignedIn }: { onSignedIn: (next: string) => unknown }) {
  useDocumentTitle('Sign in');
  const [checking, setChecking] = useState(true);
  const next = safeNextLocation(new URLSearchParams(window.location.search).get('next'));

  useEffect(() => {
    const controller = new AbortController();
    getSession({ signal: controller.signal }).then(
      (session) => (session ? void onSignedIn(next) : setChecking(false)),
      // The check failed (offline, the BFF restarting): offer the form, whose own request says what is wrong.
      () => !controller.signal.aborted && setChecking(false),
    );
    return () => controller.abort();
  }, [next, onSignedIn]);

  return (
    <SignInCard>
      {checking ? <SignInChecking /> : <SignInForm onSignedIn={() => onSignedIn(next)} />}
    </SignInCard>
  );
}
