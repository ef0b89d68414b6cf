import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/spinner';
import { useSession } from '../api/get-session';
import { safeNextLocation } from '../next-location';
import { SignInForm } from './sign-in-form';

/** The sign-in screen. After signing in it goes to `?next=` (a path of this app) or the inbox. */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const next = safeNextLocation(searchParams.get('next'));

  if (session.data) return <Navigate to={next} replace />;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <div
            aria-hidden="true"
            className="mx-auto mb-4 flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-lg font-semibold text-white shadow-sm"
          >
            S
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Sign in</h1>
          <p className="mt-1 text-[15px] text-gray-600">to your store's sales assistant dashboard</p>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
          {session.isPending ? (
            <LoadingState label="Checking your session…" className="min-h-[15.5rem]" />
          ) : (
            <SignInForm onSignedIn={() => void navigate(next, { replace: true })} />
          )}
        </div>
      </div>
    </main>
  );
}
