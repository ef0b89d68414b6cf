import { useEffect, useState, type RefObject } from 'react';
import type { Conversation } from '@/schemas/conversation';
import { ROW_HEIGHT } from './conversation-row';

/** The part of the list the scroll box shows, in pixels from the list's top. */
function useShownRange(scrollRef: RefObject<HTMLDivElement | null>) {
  const [shown, setShown] = useState({ top: 0, bottom: Infinity });
  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const update = () => setShown({ top: box.scrollTop, bottom: box.scrollTop + box.clientHeight });
    update();
    box.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      box.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [scrollRef]);
  return shown;
}

/**
 * "1 new conversation needs a person": new handoffs the list does not show right now (sorted below the
 * fold, above it, or outside this view), so an arrival is seen even when its row is not. A press jumps to
 * the first of them: its row, or the conversation itself when this view does not list it.
 */
export function ArrivalsBanner({
  rows,
  newHandoffIds,
  scrollRef,
  onJump,
}: {
  rows: readonly Conversation[];
  newHandoffIds: ReadonlySet<string>;
  scrollRef: RefObject<HTMLDivElement | null>;
  onJump: (conversationId: string, index: number) => void;
}) {
  const shown = useShownRange(scrollRef);
  const outOfView = [...newHandoffIds]
    .map((id) => ({ id, index: rows.findIndex((row) => row.id === id) }))
    .filter(({ index }) => {
      if (index === -1) return true;
      const top = index * ROW_HEIGHT;
      // A row half shown counts as seen.
      return top + ROW_HEIGHT / 2 < shown.top || top + ROW_HEIGHT / 2 > shown.bottom;
    });
  const first = outOfView.find(({ index }) => index !== -1) ?? outOfView[0];
  if (first === undefined) return null;
  const count = outOfView.length;
  // Where the press goes: up or down the list to its row, or to the conversation this view does not list.
  const arrow = first.index === -1 ? '→' : first.index * ROW_HEIGHT < shown.top ? '↑' : '↓';
  return (
    <div className="border-b border-amber-200 bg-amber-50 px-3 py-1.5">
      <button
        type="button"
        onClick={() => onJump(first.id, first.index)}
        className="w-full rounded-sm text-left text-sm font-medium text-amber-900 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
      >
        {count === 1 ? '1 new conversation needs a person' : `${count} new conversations need a person`}
        <span aria-hidden="true"> {arrow}</span>
      </button>
    </div>
  );
}
