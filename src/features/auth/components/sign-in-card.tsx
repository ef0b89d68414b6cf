import type { ReactNode } from 'react';
import { LoadingState } from '@/components/spinner';

/** The sign-in screen's frame: the mark, the heading and the card that holds the form or its loading state. */
export function SignInCard({ children }: { children: ReactNode }) {
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
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">{children}</div>
      </div>
    </main>
  );
}

/** The card's content while the session is being checked (about the form's height: no jump). */
export function SignInChecking() {
  return <LoadingState label="Checking your session…" className="min-h-[15.5rem]" />;
}
