import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { sessionGate } from '@/lib/session-gate';
import type { SessionUser } from '@/schemas/bff';
import { useReloadSession, useSession } from '../api/get-session';
import { useSignOut } from '../use-sign-out';
import { SignInForm } from './sign-in-form';

function useSessionGateState() {
  return useSyncExternalStore(sessionGate.subscribe, sessionGate.getState, sessionGate.getState);
}

/**
 * Shown over the current page when a request finds the session gone (401 session_required). The page
 * stays mounted underneath, so nothing typed is lost; the waiting requests are sent again once the
 * user signs in (possibly as someone else), or fail if they sign out instead.
 */
export function SessionExpiredDialog() {
  const state = useSessionGateState();
  const session = useSession();
  const queryClient = useQueryClient();
  const reloadSession = useReloadSession();
  const { signOut, isPending: isSigningOut } = useSignOut();
  const previousUser = session.data?.user;

  const onSignedIn = async (user: SessionUser) => {
    await reloadSession();
    // Someone else signed in: every answer may differ for them, so reload what is shown.
    if (previousUser && previousUser.id !== user.id) void queryClient.invalidateQueries();
    sessionGate.signedIn();
  };

  return (
    <ModalDialog
      isOpen={state.status === 'expired'}
      isDismissable={false}
      role="alertdialog"
      title="Your session has ended"
    >
      <p className="text-[15px] text-gray-600">
        You were signed out, for example after a while without activity. Sign in again to carry on: nothing on
        this page has been lost, and what you were doing continues once you are back.
      </p>
      <div className="mt-5">
        <SignInForm
          key={state.generation}
          defaultEmail={previousUser?.email}
          autoFocusPassword={Boolean(previousUser?.email)}
          submitLabel="Sign in and continue"
          onSignedIn={onSignedIn}
        />
      </div>
      <div className="mt-4 border-t border-gray-100 pt-4 text-center text-sm text-gray-600">
        Not you, or done for now?{' '}
        <Button variant="ghost" size="sm" onPress={signOut} isPending={isSigningOut}>
          Sign out
        </Button>
      </div>
    </ModalDialog>
  );
}
