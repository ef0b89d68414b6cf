import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { chooseAvailability } from '@/lib/choose-availability';

/**
 * Going away by key (`Shift+A`) for someone who chose "Ask me each time": the same question the account
 * menu asks, whether their open conversations go back to Unassigned.
 */
export function AwayQuestionDialog({
  isOpen,
  onOpenChange,
  openConversations,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  openConversations: number;
}) {
  const queryClient = useQueryClient();
  const answer = (handBack: boolean) => {
    onOpenChange(false);
    void chooseAvailability(queryClient, { status: 'away', hand_back: handBack });
  };
  const them = openConversations === 1 ? 'it' : 'them';
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Going away">
      <p className="text-sm text-gray-700">
        Hand your {openConversations} open conversation{openConversations === 1 ? '' : 's'} back to
        Unassigned, so that someone available takes {them}?
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button onPress={() => onOpenChange(false)}>Stay available</Button>
        <Button autoFocus onPress={() => answer(false)}>
          Keep {them}
        </Button>
        <Button variant="primary" onPress={() => answer(true)}>
          Hand back
        </Button>
      </div>
    </ModalDialog>
  );
}
