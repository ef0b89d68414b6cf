import { Button } from '@/components/button';
import { useConversationTags } from '../tag-requests';
import { prefetchTagPickerDialog, TagPickerDialog } from './lazy-dialogs';
import { TagChips } from './tag-chips';

const prefetchPicker = () => void prefetchTagPickerDialog().catch(() => undefined);

/**
 * The open conversation's tags and its "Tags…" button (key `l`), in its header. Loaded with the first
 * conversation opened, not with the inbox.
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
      <TagChips tags={tags.data} className="flex-wrap" />
      <span className="contents" onPointerEnter={prefetchPicker} onFocus={prefetchPicker}>
        <Button size="sm" variant="ghost" aria-keyshortcuts="l" onPress={() => onPickerOpenChange(true)}>
          Tags…
        </Button>
      </span>
      <TagPickerDialog
        isOpen={isPickerOpen}
        onOpenChange={onPickerOpenChange}
        subject={subject}
        targets={[{ id: conversationId, tags: tags.data }]}
      />
    </>
  );
}
