import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { useSignOut } from '../use-sign-out';

/** Replies typed but not yet confirmed by the server; signing out would delete them from this browser. */
export interface UnsentReplies {
  count: number;
  /** Where they can be sent from (the conversation of the oldest one). */
  reviewPath: string;
}

/**
 * Asked before an explicit sign-out while replies are unsent: sign-out clears this user's drafts and
 * outbox from the browser (a shared shop computer), so the user chooses to go and send them, or to
 * discard them and sign out.
 */
export function UnsentRepliesDialog({
  unsent,
  isOpen,
  onClose,
}: {
  unsent: UnsentReplies;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { signOut, isPending } = useSignOut();
  const navigate = useNavigate();
  const one = unsent.count === 1;
  const them = one ? 'it' : 'them';
  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      title={one ? 'A reply has not been sent' : `${unsent.count} replies have not been sent`}
    >
      <p className="text-[15px] text-gray-600">
        Signing out removes {them} from this browser, with your drafts, so the next person here cannot see
        what you typed. Send {them} first, or discard {them} and sign out.
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          isPending={isPending}
          onPress={() => {
            onClose();
            signOut();
          }}
        >
          Discard and sign out
        </Button>
        <Button
          variant="primary"
          autoFocus
          onPress={() => {
            onClose();
            void navigate(unsent.reviewPath);
          }}
        >
          {one ? 'Go to the reply' : 'Go to the replies'}
        </Button>
      </div>
    </ModalDialog>
  );
}
