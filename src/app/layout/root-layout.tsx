import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { sessionGate } from '@/lib/session-gate';

// The dialog (a react-aria modal with the sign-in form) is fetched the first time a session ends, not
// with every page: most visits never need it.
const SessionExpiredDialog = lazy(() =>
  import('@/features/auth/components/session-expired-dialog').then((m) => ({
    default: m.SessionExpiredDialog,
  })),
);

/**
 * Subscribing here is what lets requests wait for an in-place sign-in (the gate fails them at once when
 * nobody listens); once a session has ended the dialog stays mounted, so it can animate closed.
 */
function useSessionEverExpired(): boolean {
  const status = useSyncExternalStore(sessionGate.subscribe, () => sessionGate.getState().status);
  const [everExpired, setEverExpired] = useState(false);
  if (status === 'expired' && !everExpired) setEverExpired(true);
  return everExpired || status === 'expired';
}

/** The top of the route tree: every page, plus the in-place sign-in dialog shown when the session ends. */
export function RootLayout() {
  const showDialog = useSessionEverExpired();
  return (
    <>
      <Outlet />
      {showDialog ? (
        <Suspense fallback={null}>
          <SessionExpiredDialog />
        </Suspense>
      ) : null}
    </>
  );
}
