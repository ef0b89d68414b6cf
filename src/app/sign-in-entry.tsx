import { useEffect, useState } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import { getSession } from '@/features/auth/api/session-request';
import { SignInCard, SignInChecking } from '@/features/auth/components/sign-in-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { safeNextLocation, signInLocation } from '@/features/auth/next-location';
import type { SessionInfo } from '@/schemas/bff';

/**
 * Puts the sign-in page's address in place of the one loaded without a session (a reload then stays on
 * it), with that address as its `?next=`: path, search and hash.
 */
export function showSignInAddress(): void {
  if (window.location.pathname !== '/sign-in')
    window.history.replaceState(null, '', signInLocation(window.location));
}

/**
 * The sign-in page of a cold load without a session, without the router, react-query or the app's
 * providers: the first screen most people load stays small. The same card and form as the app's own
 * /sign-in route. Once someone is signed in (now, or already) it hands over to the app at `?next=` or the
 * inbox, in the same page: `onSignedIn` receives that location. `session`: a session check already under
 * way, or null when one found nobody signed in (the form shows at once); left out, it checks itself.
 */
export function SignInEntry({
  onSignedIn,
  session,
}: {
  onSignedIn: (next: string) => unknown;
  session?: Promise<SessionInfo | null> | null;
}) {
  useDocumentTitle('Sign in');
  const [checking, setChecking] = useState(session !== null);
  const next = safeNextLocation(new URLSearchParams(window.location.search).get('next'));

  useEffect(() => {
    if (session === null) return;
    const controller = new AbortController();
    (session ?? getSession({ signal: controller.signal })).then(
      // An effect left (StrictMode's second mount) does nothing: the one after it answers.
      (found) => {
        if (controller.signal.aborted) return;
        if (found) void onSignedIn(next);
        else setChecking(false);
      },
      // The check failed (offline, the BFF restarting): offer the form, whose own request says what is wrong.
      () => !controller.signal.aborted && setChecking(false),
    );
    return () => controller.abort();
  }, [next, onSignedIn, session]);

  return (
    <SignInCard>
      {checking ? <SignInChecking /> : <SignInForm onSignedIn={() => onSignedIn(next)} />}
    </SignInCard>
  );
}
