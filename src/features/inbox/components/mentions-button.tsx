import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/button';
import { lazyWhenOpen } from '@/components/lazy-when-open';
import type { MentionsPanel as MentionsPanelModule } from './mentions-panel';

const [MentionsPanel, prefetchMentionsPanel] = lazyWhenOpen<ComponentProps<typeof MentionsPanelModule>>(
  () => import('./mentions-panel').then((module) => module.MentionsPanel),
  { isOpen: ({ isOpen }) => isOpen, close: ({ onOpenChange }) => onOpenChange(false) },
);
const prefetch = () => void prefetchMentionsPanel().catch(() => undefined);

/** "Mentions" beside the inbox's views, with how many notes mention you unread; opens their list. */
export function MentionsButton({
  query,
  onOpen,
}: Pick<ComponentProps<typeof MentionsPanelModule>, 'query' | 'onOpen'>) {
  const [isOpen, setOpen] = useState(false);
  const unread = query.data?.unread ?? 0;
  return (
    <span className="contents" onPointerEnter={prefetch} onFocus={prefetch}>
      <Button size="sm" variant="ghost" onPress={() => setOpen(true)}>
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
