import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { useSession } from '@/features/auth/api/get-session';
import { signInLocation } from '@/features/auth/next-location';
import { SessionContext } from '@/lib/session-context';
import { ShellSkeleton } from './shell-skeleton';

const SecondFactorSetupRoute = lazy(() =>
  import('../routes/second-factor-setup').then((m) => ({ default: m.SecondFactorSetupRoute })),
);

/**
 * The guard of the signed-in screens: while the session is checked it shows the shell's outline
 * (so nothing jumps when it arrives); without a session it goes to /sign-in?next=<here>. Someone the
 * owners require a second factor of, without one yet, gets its setup instead of the screens.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <ShellSkeleton />;
  if (session.isError) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-lg items-center px-4">
        <ErrorState
          className="w-full"
          error={session.error}
          onRetry={() => void session.refetch()}
          isRetrying={session.isFetching}
        />
      </main>
    );
  }
  if (!session.data) return <Navigate to={signInLocation(location)} replace />;
  return (
    <SessionContext value={session.data}>
      {session.data.second_factor_setup_required ? (
        <Suspense fallback={<ShellSkeleton />}>
          <SecondFactorSetupRoute />
        </Suspense>
      ) : (
        children
      )}
    </SessionContext>
  );
}
