import { useConversationTags } from '../api/tags';
import { TagPickerDialog } from './lazy-dialogs';
import { TagChips } from './tag-chips';

/**
 * The open conversation's tags and their picker (its button, Tags…, and key `l` live in the header and
 * the inbox). Loaded with the first conversation opened, not with the inbox.
 */
export default function ConversationTags({
  conversationId,
  subject,
  isPickerOpen,
  onPickerOpenChange,
}: {
  conversationId: string;
  subject: string;
  isPickerOpen: boolean;
  onPickerOpenChange: (isOpen: boolean) => void;
}) {
  const tags = useConversationTags(conversationId);
  return (
    <>
      <TagChips tags={tags.data} />
      <TagPickerDialog
        isOpen={isPickerOpen}
        onOpenChange={onPickerOpenChange}
        subject={subject}
        targets={[{ id: conversationId, tags: tags.data }]}
      />
    </>
  );
}
