import { useNavigate } from 'react-router';
import { toast } from '@/components/toast';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { describeApiError } from '@/lib/describe-error';
import { useEndAllSessions } from '../api/end-all-sessions';

/**
 * Confirms "Sign out everywhere": every browser and device signed in as this person is signed out
 * (a lost phone, a shared computer left signed in), this one included.
 */
export function SignOutEverywhereDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const endAll = useEndAllSessions();
  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      title="Sign out everywhere?"
    >
      <p className="text-[15px] text-gray-600">
        Every browser and device signed in with your account is signed out, this one included. Dashboards open
        elsewhere ask to sign in again.
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" autoFocus onPress={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          isPending={endAll.isPending}
          onPress={() =>
            endAll.mutate(undefined, {
              onSuccess: () => {
                onClose();
                void navigate('/sign-in', { replace: true });
              },
              onError: (error) => {
                const { title, description } = describeApiError(error);
                toast.error(`Could not sign out everywhere: ${title}`, { description });
              },
            })
          }
        >
          Sign out everywhere
        </Button>
      </div>
    </ModalDialog>
  );
}
