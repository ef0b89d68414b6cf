import { useState } from 'react';
import { rosterName } from '@/lib/conversation-labels';
import { useCurrentSession } from '@/lib/session-context';
import { useConversationSnooze } from '../api/snoozes';
import { SnoozeMark } from './conversation-badges';
import { SnoozeDialog } from './lazy-dialogs';

/**
 * The open conversation's snooze mark and its dialog (its button, Snooze…, and key `z` live in the header
 * and the inbox). Loaded with the first conversation opened, not with the inbox. A closed conversation
 * has no snooze to offer.
 */
export default function ConversationSnooze({
  conversationId,
  name,
  isActive,
  isDialogOpen,
  onDialogOpenChange,
}: {
  conversationId: string;
  /** The shopper's name. */
  name: string;
  isActive: boolean;
  isDialogOpen: boolean;
  onDialogOpenChange: (isOpen: boolean) => void;
}) {
  const snooze = useConversationSnooze(conversationId);
  const { roster } = useCurrentSession();
  // Only tells today from other days in the wake time: the time the pane opened is enough.
  const [openedAt] = useState(Date.now);
  return (
    <>
      <SnoozeMark snooze={snooze.data} now={openedAt} nameOf={(id) => rosterName(id, roster)} />
      <SnoozeDialog
        isOpen={isDialogOpen && isActive}
        onOpenChange={onDialogOpenChange}
        subject={`the conversation with ${name}`}
        targets={[{ id: conversationId, name }]}
        current={snooze.data}
      />
    </>
  );
}
