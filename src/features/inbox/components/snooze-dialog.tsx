import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { ErrorState } from '@/components/error-state';
import { ModalDialog } from '@/components/modal-dialog';
import { inputClasses } from '@/components/text-field';
import { toast } from '@/components/toast';
import { rosterName } from '@/lib/conversation-labels';
import { useCurrentSession } from '@/lib/session-context';
import { SNOOZE_AHEAD_MAX_DAYS } from '@/schemas/limits';
import { isSnoozed, type ConversationSnooze } from '@/schemas/conversation-snooze';
import { useSnooze, useWake } from '../api/snoozes';
import { fromLocalInput, snoozePresets, toLocalInput } from '../snooze-presets';
import { formatWakeTime } from '../snooze-times';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The snooze menu (key `z`, the pane's "Snooze…" button, a row's menu, the bulk "Snooze…"): presets in
 * the person's own time zone, "until the shopper writes", or a date and time of their choosing. One
 * press snoozes; a conversation that sleeps already can be woken from here.
 */
export function SnoozeDialog({
  isOpen,
  onOpenChange,
  subject,
  targets,
  current,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** "the conversation with Kari", "2 conversations". */
  subject: string;
  /** The conversations to snooze, with their shoppers' names (to say which were refused). */
  targets: readonly SnoozeTarget[];
  /** The one conversation's snooze, when the dialog is for one and it is known. */
  current?: ConversationSnooze | null | undefined;
}) {
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title={`Snooze ${subject}`}>
      {isOpen ? (
        <SnoozeChoices targets={targets} current={current} onDone={() => onOpenChange(false)} />
      ) : null}
    </ModalDialog>
  );
}

export type SnoozeTarget = { id: string; name: string };

type Refusal = { conversation_id: string; message: string };

function SnoozeChoices({
  targets,
  current,
  onDone,
}: {
  targets: readonly SnoozeTarget[];
  current: ConversationSnooze | null | undefined;
  onDone: () => void;
}) {
  const { roster } = useCurrentSession();
  const snooze = useSnooze();
  const wake = useWake();
  const [now] = useState(() => new Date());
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const customId = useId();
  const customHintId = useId();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const busy = snooze.isPending || wake.isPending;
  const conversationIds = targets.map((target) => target.id);
  const nameOf = (id: string) => targets.find((target) => target.id === id)?.name ?? id;

  const snoozeUntil = async (until: Date | null) => {
    if (busy) return;
    setRefusals([]);
    try {
      const answer = await snooze.mutateAsync({ conversationIds, until: until?.toISOString() ?? null });
      const count = answer.snoozed.length;
      if (count > 0) {
        const what =
          conversationIds.length === 1 ? 'Snoozed' : `Snoozed ${count} of ${conversationIds.length}`;
        toast(
          `${what} ${until === null ? 'until the shopper writes' : `until ${formatWakeTime(until, new Date())}`}`,
        );
      }
      if (answer.refused.length > 0) setRefusals(answer.refused);
      else onDone();
    } catch {
      // The mutation's error is shown below.
    }
  };

  const snoozeCustom = () => {
    const until = fromLocalInput(custom);
    if (until === null) return setCustomError('Choose a date and a time.');
    // Checked against when the menu opened; the BFF refuses a time that has passed since.
    if (until.getTime() <= now.getTime()) return setCustomError('Choose a time that is still to come.');
    if (until.getTime() > now.getTime() + SNOOZE_AHEAD_MAX_DAYS * DAY_MS)
      return setCustomError(`Choose a time within ${SNOOZE_AHEAD_MAX_DAYS} days.`);
    setCustomError(null);
    void snoozeUntil(until);
  };

  const asleep = isSnoozed(current) ? current : null;
  return (
    <div className="space-y-4">
      {asleep ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          <span>
            Snoozed{' '}
            {asleep.until === null
              ? 'until the shopper writes'
              : `until ${formatWakeTime(asleep.until, now)}`}{' '}
            by {rosterName(asleep.snoozed_by, roster)}.
          </span>
          <Button
            size="sm"
            isPending={wake.isPending}
            onPress={() => void wake.mutateAsync(conversationIds[0]!).then(onDone, () => undefined)}
          >
            Wake it now
          </Button>
        </div>
      ) : null}
      <p className="text-sm text-gray-700">
        It moves to Snoozed, out of the other lists, until it wakes; it wakes early if the shopper writes.
      </p>
      <ul aria-label="When it wakes" className="divide-y divide-gray-100 rounded-md border border-gray-200">
        {snoozePresets(now).map((preset) => (
          <li key={preset.id}>
            <button
              type="button"
              autoFocus={preset.id === 'hour'}
              disabled={busy}
              onClick={() => void snoozeUntil(preset.until)}
              className="flex w-full items-center justify-between gap-3 px-3 py-2.5 text-left text-sm outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset disabled:opacity-60"
            >
              <span className="font-medium text-gray-900">{preset.label}</span>
              <span className="text-gray-600 tabular-nums">{formatWakeTime(preset.until, now)}</span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={busy}
            onClick={() => void snoozeUntil(null)}
            className="flex w-full items-center justify-between gap-3 px-3 py-2.5 text-left text-sm outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset disabled:opacity-60"
          >
            <span className="font-medium text-gray-900">Until the shopper writes</span>
            <span className="text-gray-600">no time</span>
          </button>
        </li>
      </ul>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          snoozeCustom();
        }}
        className="space-y-1"
      >
        <label htmlFor={customId} className="block text-sm font-medium text-gray-800">
          Or a date and time
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={customId}
            type="datetime-local"
            value={custom}
            min={toLocalInput(now)}
            max={toLocalInput(new Date(now.getTime() + SNOOZE_AHEAD_MAX_DAYS * DAY_MS))}
            aria-describedby={customHintId}
            aria-invalid={customError !== null}
            onChange={(event) => {
              setCustom(event.target.value);
              setCustomError(null);
            }}
            className={cx(inputClasses, 'w-auto flex-1 py-1.5 text-sm')}
          />
          <Button type="submit" size="sm" isPending={snooze.isPending}>
            Snooze until then
          </Button>
        </div>
        <p id={customHintId} className={cx('text-sm', customError ? 'text-red-700' : 'text-gray-600')}>
          {customError ?? `Times are in your time zone (${zone}).`}
        </p>
      </form>
      {refusals.length > 0 ? (
        <div role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-medium">
            {refusals.length} of {conversationIds.length} could not be snoozed:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {refusals.map((refusal) => (
              <li key={refusal.conversation_id}>
                {nameOf(refusal.conversation_id)}: {refusal.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {snooze.error || wake.error ? <ErrorState error={snooze.error ?? wake.error} /> : null}
      <div className="flex justify-end">
        <Button variant="ghost" onPress={onDone}>
          {refusals.length > 0 ? 'Done' : 'Cancel'}
        </Button>
      </div>
    </div>
  );
}
