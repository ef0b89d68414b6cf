import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useReloadSession, useSession } from '../api/get-session';
import { safeNextLocation } from '../next-location';
import { SignInCard, SignInChecking } from './sign-in-card';
import { SignInForm } from './sign-in-form';

/**
 * The sign-in screen inside the app (reached by navigating, for example after signing out). A cold load
 * of /sign-in shows the same card without the router (src/app/sign-in-entry.tsx). After signing in it
 * goes to `?next=` (a path of this app) or the inbox.
 */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const reloadSession = useReloadSession();
  const next = safeNextLocation(searchParams.get('next'));

  if (session.data) return <Navigate to={next} replace />;

  return (
    <SignInCard>
      {session.isPending ? (
        <SignInChecking />
      ) : (
        <SignInForm
          onSignedIn={async () => {
            await reloadSession();
            await navigate(next, { replace: true });
          }}
        />
      )}
    </SignInCard>
  );
}
