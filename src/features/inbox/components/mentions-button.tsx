import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/button';
import { lazyWhenOpen } from '@/components/lazy-when-open';
import { getMentions, MENTIONS_KEY } from '../api/mentions';
import { useCurrentSession } from '@/lib/session-context';
import { useLiveEvents } from '@/lib/use-live-stream';
import type { MentionsPanel as MentionsPanelModule } from './mentions-panel';

// Loaded just after the inbox (inbox-toolbar.tsx), not with it: the mentions wait a moment, the list
// of conversations does not.

const [MentionsPanel, prefetchMentionsPanel] = lazyWhenOpen<ComponentProps<typeof MentionsPanelModule>>(
  () => import('./mentions-panel').then((module) => module.MentionsPanel),
  { isOpen: ({ isOpen }) => isOpen, close: ({ onOpenChange }) => onOpenChange(false) },
);
const prefetch = () => void prefetchMentionsPanel().catch(() => undefined);

type MentionsButtonProps = {
  onOpen: (conversationId: string) => void;
  /** Whether a mention now also makes a desktop alert (alerts on, the page not looked at). */
  desktopAlert: () => boolean;
};

const mentionsQueryOptions = queryOptions({
  queryKey: MENTIONS_KEY,
  queryFn: ({ signal }) => getMentions(signal),
  refetchOnWindowFocus: false,
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The notes that mention the signed-in person, kept current from the live `note` event: a new mention
 * raises a toast (and a desktop alert when alerts are on), and a change to a listed one re-reads them.
 */
function useMentions({ onOpen, desktopAlert }: MentionsButtonProps) {
  const { user, roster } = useCurrentSession();
  const queryClient = useQueryClient();
  const query = useQuery(mentionsQueryOptions);
  useLiveEvents((event) => {
    if (event.name === 'resync') void queryClient.invalidateQueries({ queryKey: MENTIONS_KEY });
    if (event.name !== 'note') return;
    const { note } = event.data;
    const listed = query.data?.data.some((mention) => mention.note.id === note.id);
    if (listed || note.mentioned_user_ids.includes(user.id))
      void queryClient.invalidateQueries({ queryKey: MENTIONS_KEY });
    if (event.data.newly_mentioned_user_ids.includes(user.id))
      void import('../mention-alert').then((alert) => alert.alertMention(note, roster, onOpen, desktopAlert));
  });
  return query;
}

/** "Mentions" beside the inbox's views, with how many notes mention you unread; opens their list. */
export function MentionsButton(props: MentionsButtonProps) {
  const { onOpen } = props;
  const query = useMentions(props);
  const [isOpen, setOpen] = useState(false);
  const unread = query.data?.unread ?? 0;
  return (
    <span className="contents" onPointerEnter={prefetch} onFocus={prefetch}>
      <Button size="sm" onPress={() => setOpen(true)}>
        Mentions
        {unread > 0 ? (
          <span className="rounded-full bg-indigo-600 px-1.5 text-xs text-white tabular-nums">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </Button>
      <MentionsPanel isOpen={isOpen} onOpenChange={setOpen} query={query} onOpen={onOpen} />
    </span>
  );
}
