import { cx } from '@/components/cx';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { shopperName } from '@/lib/conversation-labels';
import { usePresenceViewers } from '@/lib/presence';
import type { RosterMember } from '@/schemas/bff';
import type { Conversation } from '@/schemas/conversation';
import type { InboxRow } from '@/schemas/inbox';

/** "3 min", "5 h", "4 d": a wait, short enough for a row. */
export function shortWait(seconds: number): { short: string; long: string } {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes < 60) return { short: `${minutes} min`, long: plural(minutes, 'minute') };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { short: `${hours} h`, long: plural(hours, 'hour') };
  const days = Math.floor(hours / 24);
  return { short: `${days} d`, long: plural(days, 'day') };
}

function ClockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="size-3.5 shrink-0">
      <path d="M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM8.75 4v3.69l2.28 2.28-1.06 1.06-2.72-2.72V4h1.5Z" />
    </svg>
  );
}

function AlertIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="size-3.5 shrink-0">
      <path d="M8.87 1.5a1 1 0 0 0-1.74 0L.63 13a1 1 0 0 0 .87 1.5h13a1 1 0 0 0 .87-1.5L8.87 1.5ZM7.25 5.5h1.5v4.25h-1.5V5.5Zm0 5.75h1.5v1.5h-1.5v-1.5Z" />
    </svg>
  );
}

/**
 * The row's time: how long the shopper has waited for a person (only shoppers move it), standing out
 * with an icon and a word once past the owner's threshold; otherwise when the last message came.
 */
export function RowTime({
  conversation,
  summary,
  now,
  thresholdMinutes,
}: {
  conversation: Conversation;
  summary: InboxRow | undefined;
  now: number;
  thresholdMinutes: number;
}) {
  const since = summary?.waiting_since;
  if (since) {
    const seconds = Math.max(0, (now - Date.parse(since)) / 1000);
    const wait = shortWait(seconds);
    const over = seconds >= thresholdMinutes * 60;
    return (
      <span
        className={cx(
          'inline-flex shrink-0 items-center gap-1 rounded px-1.5 text-xs tabular-nums',
          over ? 'border border-red-300 bg-red-50 font-semibold text-red-800' : 'text-gray-700',
        )}
      >
        {over ? <AlertIcon /> : <ClockIcon />}
        <span aria-hidden="true">
          {over ? 'Late · ' : ''}
          {wait.short}
        </span>
        <span className="sr-only">
          {over ? `Waiting ${wait.long}, longer than ${thresholdMinutes} minutes` : `Waiting ${wait.long}`}
        </span>
      </span>
    );
  }
  const at = summary?.last_message?.created_at ?? conversation.updated_at;
  return <RelativeTimestamp value={at} className="shrink-0 text-xs text-gray-600" />;
}

/** Who wrote the last message and what it said, on one line. */
export function RowPreview({
  conversation,
  summary,
  roster,
  myUserId,
}: {
  conversation: Conversation;
  summary: InboxRow | undefined;
  roster: readonly RosterMember[];
  myUserId: string;
}) {
  const last = summary?.last_message;
  if (!last) return null;
  let who: string;
  if (last.role === 'user') who = shopperName(conversation);
  else if (last.author_user_id === null) who = 'Bot';
  else if (last.author_user_id === myUserId) who = 'You';
  else who = roster.find((member) => member.id === last.author_user_id)?.name ?? 'Staff';
  return (
    <span className="mt-0.5 block truncate text-sm text-gray-800">
      <span className="font-medium" dir="auto">
        {who}:
      </span>{' '}
      <span dir="auto">{last.preview}</span>
    </span>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]?.toUpperCase() ?? '')
    .join('');

/** The initials of everyone else who has this conversation open (presence), replying ones ringed. */
export function RowViewers({ conversationId, myUserId }: { conversationId: string; myUserId: string }) {
  const viewers = usePresenceViewers(conversationId, myUserId);
  if (viewers.length === 0) return null;
  const shown = viewers.slice(0, 3);
  return (
    <span className="ml-auto flex shrink-0 -space-x-1">
      {shown.map((viewer) => (
        <span
          key={viewer.user_id}
          title={`${viewer.name} is ${viewer.state}`}
          className={cx(
            'flex size-5 items-center justify-center rounded-full bg-sky-700 text-[10px] font-semibold text-white ring-2',
            viewer.state === 'replying' ? 'ring-amber-400' : 'ring-white',
          )}
        >
          <span aria-hidden="true">{initials(viewer.name)}</span>
          <span className="sr-only">
            {viewer.name} is {viewer.state === 'replying' ? 'replying' : 'viewing'}.
          </span>
        </span>
      ))}
      {viewers.length > shown.length ? (
        <span className="pl-1.5 text-xs text-gray-600">+{viewers.length - shown.length}</span>
      ) : null}
    </span>
  );
}
