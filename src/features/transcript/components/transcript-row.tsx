import { memo } from 'react';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { Spinner } from '@/components/spinner';
import { StarRating } from '@/components/star-rating';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { formatDateTime } from '@/lib/format';
import type { OutboxEntry } from '../outbox';
import { formatDay, type SaidItem, type Sender } from '../transcript-items';
import type { HistoryLine } from '../history-lines';

export type OutboxActions = {
  onRetry: (entry: OutboxEntry) => void;
  onEdit: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
};

export function Divider({ children, tone = 'neutral' }: { children: string; tone?: 'neutral' | 'accent' }) {
  return (
    <div
      role="separator"
      aria-label={children}
      className={cx(
        'flex items-center gap-3 py-2 text-xs font-medium',
        tone === 'accent' ? 'text-indigo-700' : 'text-gray-500',
      )}
    >
      <span
        aria-hidden="true"
        className={cx('h-px flex-1', tone === 'accent' ? 'bg-indigo-300' : 'bg-gray-200')}
      />
      <span>{children}</span>
      <span
        aria-hidden="true"
        className={cx('h-px flex-1', tone === 'accent' ? 'bg-indigo-300' : 'bg-gray-200')}
      />
    </div>
  );
}

const NO_AUTHOR_HINT =
  'No author is recorded for this reply: it came from the store’s assistant, or from someone who did not sign it.';

function SenderName({ sender }: { sender: Sender }) {
  return (
    <span className="flex min-w-0 items-baseline gap-1.5">
      <span
        dir="auto"
        className="truncate text-sm font-semibold text-gray-900"
        title={sender.side === 'assistant' ? NO_AUTHOR_HINT : undefined}
      >
        {sender.name}
      </span>
      <span className="shrink-0 text-xs text-gray-500">
        {sender.side === 'shopper'
          ? 'Shopper'
          : sender.side === 'staff'
            ? sender.isYou
              ? 'Staff · you'
              : 'Staff'
            : 'Bot'}
      </span>
    </span>
  );
}

const bubbleBySide = {
  shopper: 'bg-white text-gray-900 ring-1 ring-gray-200 rounded-tl-sm',
  assistant: 'bg-indigo-50 text-gray-900 ring-1 ring-indigo-100 rounded-tr-sm',
  staff: 'bg-indigo-600 text-white rounded-tr-sm',
} as const;
const failedBubble = 'bg-white text-gray-900 ring-2 ring-red-300 rounded-tr-sm';

function OutboxStatus({ entry, actions }: { entry: OutboxEntry; actions: OutboxActions }) {
  if (entry.status === 'sending') {
    return (
      <p className="flex items-center justify-end gap-1.5 text-xs text-gray-600">
        <Spinner className="size-3" />
        Sending…
      </p>
    );
  }
  const failure = entry.failure;
  return (
    <div className="mt-1 max-w-full rounded-md bg-red-50 px-3 py-2 text-left text-sm text-red-800 ring-1 ring-red-200">
      <p className="font-medium text-red-900">Not sent{failure ? `: ${failure.title}` : ''}</p>
      {failure ? (
        <p className="mt-0.5">
          {failure.description}
          {failure.maybeSent
            ? ' It may already have reached the shopper; retrying never delivers it twice.'
            : ''}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {failure?.canRetry !== false ? (
          <Button size="sm" variant="secondary" onPress={() => actions.onRetry(entry)}>
            Retry
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onPress={() => actions.onEdit(entry)}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" onPress={() => actions.onDiscard(entry)}>
          Discard
        </Button>
      </div>
    </div>
  );
}

export type TranscriptRowProps = {
  item: SaidItem;
  sender: Sender;
  startsDay: boolean;
  startsUnread: boolean;
  actions: OutboxActions;
};

/**
 * A line of the conversation's history among the messages ("Sam Rivera took over · 5 minutes ago"): quiet,
 * centred, belonging to neither side.
 */
export const HistoryRow = memo(function HistoryRow({
  line,
  startsDay,
}: {
  line: HistoryLine;
  startsDay: boolean;
}) {
  return (
    <div className="px-3 pb-3 sm:px-5">
      {startsDay ? <Divider>{formatDay(line.at)}</Divider> : null}
      <p className="text-center text-xs text-gray-600">
        {line.text} · <RelativeTimestamp value={line.at} />
      </p>
    </div>
  );
});

/** One message of the transcript: shopper on the left, the store (bot or staff) on the right. */
export const TranscriptRow = memo(function TranscriptRow({
  item,
  sender,
  startsDay,
  startsUnread,
  actions,
}: TranscriptRowProps) {
  const isShopper = sender.side === 'shopper';
  const createdAt = item.kind === 'message' ? item.message.created_at : item.entry.createdAt;
  const content = item.kind === 'message' ? item.message.content : item.entry.content;
  const rating = item.kind === 'message' ? item.message.rating : null;
  const entry = item.kind === 'outbox' ? item.entry : null;

  return (
    <div className="px-3 pb-3 sm:px-5">
      {startsDay ? <Divider>{formatDay(createdAt)}</Divider> : null}
      {startsUnread ? <Divider tone="accent">New messages</Divider> : null}
      <article
        aria-label={`${sender.name}, ${formatDateTime(createdAt)}${entry ? (entry.status === 'sending' ? ', sending' : ', not sent') : ''}`}
        className={cx('flex flex-col gap-1', isShopper ? 'items-start' : 'items-end')}
      >
        <header className={cx('flex max-w-full items-baseline gap-2', !isShopper && 'justify-end')}>
          <SenderName sender={sender} />
          {entry ? null : (
            <RelativeTimestamp value={createdAt} className="text-xs text-gray-500 tabular-nums" />
          )}
        </header>
        {/* Written by a shopper or a teammate, in any language: its direction is its own. */}
        <div
          dir="auto"
          className={cx(
            'max-w-[min(100%,40rem)] rounded-2xl px-3.5 py-2 text-[15px] leading-relaxed break-words whitespace-pre-wrap shadow-xs',
            entry?.status === 'failed' ? failedBubble : bubbleBySide[sender.side],
            // Not faded: faded text fails contrast. A dashed outline marks it as on its way.
            entry?.status === 'sending' && 'outline-2 outline-offset-2 outline-gray-300 outline-dashed',
          )}
        >
          {content}
        </div>
        {rating !== null ? (
          <StarRating value={rating} label={`Shopper rated this reply ${rating} out of 5`} />
        ) : null}
        {entry ? <OutboxStatus entry={entry} actions={actions} /> : null}
      </article>
    </div>
  );
});
