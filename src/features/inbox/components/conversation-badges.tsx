import { Badge } from '@/components/badge';
import type { Conversation } from '@/schemas/conversation';
import type { ConversationSnooze } from '@/schemas/conversation-snooze';
import { formatWakeTime } from '../snooze-times';

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'size-3.5 shrink-0',
} as const;

function PersonIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="8" cy="5.25" r="2.75" />
      <path d="M2.75 14c.6-2.6 2.7-4.25 5.25-4.25S12.65 11.4 13.25 14" />
    </svg>
  );
}

function BotIcon() {
  return (
    <svg {...iconProps}>
      <rect x="2.75" y="5" width="10.5" height="8" rx="2" />
      <path d="M8 2.5V5M6 9h.01M10 9h.01" />
    </svg>
  );
}

/**
 * Who answers the shopper, impossible to miss: icon, word and colour together. A person is amber while
 * the conversation is open (someone has to act), the bot is indigo.
 */
export function HandoffBadge({
  conversation,
}: {
  conversation: Pick<Conversation, 'handoff_state' | 'status'>;
}) {
  if (conversation.handoff_state === 'human') {
    return (
      <Badge tone={conversation.status === 'active' ? 'warning' : 'neutral'} className="gap-1">
        <PersonIcon />
        Human
      </Badge>
    );
  }
  return (
    <Badge tone="accent" className="gap-1">
      <BotIcon />
      Bot
    </Badge>
  );
}

export function StatusBadge({ status }: { status: Conversation['status'] }) {
  return status === 'active' ? <Badge tone="success">Active</Badge> : <Badge>Closed</Badge>;
}

/** How many internal notes the conversation carries: an icon and the count, said in words to screen readers. */
export function NoteCount({ count }: { count: number }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-0.5 text-xs font-medium text-amber-800">
      <svg {...iconProps}>
        <path d="M3 2.75h10v7.5L9.75 13.25H3zM9.75 13.25v-3h3.25" />
      </svg>
      {count}
      <span className="sr-only">{count === 1 ? ' internal note' : ' internal notes'}</span>
    </span>
  );
}

/**
 * A conversation's snooze, in words: "Snoozed until Fri 9:00 AM by Sam" (or "until a reply") while it
 * sleeps, then "Shopper replied" or "Snooze ended" once it woke, until someone opens it.
 */
export function SnoozeMark({
  snooze,
  now,
  nameOf,
}: {
  snooze: ConversationSnooze | null | undefined;
  now: number;
  /** Who snoozed it, by their store user id: a first name on a row, the whole name in the open conversation. */
  nameOf: (userId: string) => string;
}) {
  if (!snooze) return null;
  if (snooze.woke !== null)
    return (
      <Badge tone="warning">{snooze.woke.reason === 'shopper' ? 'Shopper replied' : 'Snooze ended'}</Badge>
    );
  return (
    <Badge tone="accent">
      {snooze.until === null
        ? 'Snoozed until a reply'
        : `Snoozed until ${formatWakeTime(snooze.until, new Date(now))}`}{' '}
      by {nameOf(snooze.snoozed_by)}
    </Badge>
  );
}
