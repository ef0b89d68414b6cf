import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/error-state';
import { ModalDialog } from '@/components/modal-dialog';
import { TextField } from '@/components/text-field';
import { toast } from '@/components/toast';
import { rosterName } from '@/lib/conversation-labels';
import { useCurrentSession } from '@/lib/session-context';
import { SNOOZE_AHEAD_MAX_DAYS } from '@/schemas/limits';
import { isSnoozed, type ConversationSnooze } from '@/schemas/conversation-snooze';
import { useSnooze, useWake } from '../api/snoozes';
import { fromLocalInput, snoozePresets, toLocalInput } from '../snooze-presets';
import { formatWakeTime } from '../snooze-times';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A time of the person's choosing: one to come, within the BFF's longest snooze. */
const customTimeSchema = (now: Date) =>
  z.strictObject({
    until: z.string().check(
      z.superRefine((value, context) => {
        const until = fromLocalInput(value);
        const problem =
          until === null
            ? 'Choose a date and a time.'
            : until.getTime() <= now.getTime()
              ? 'Choose a time that is still to come.'
              : until.getTime() > now.getTime() + SNOOZE_AHEAD_MAX_DAYS * DAY_MS
                ? `Choose a time within ${SNOOZE_AHEAD_MAX_DAYS} days.`
                : null;
        if (problem) context.issues.push({ code: 'custom', message: problem, input: value });
      }),
    ),
  });

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
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const custom = useForm({ resolver: zodResolver(customTimeSchema(now)), defaultValues: { until: '' } });
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
        onSubmit={(event) =>
          void custom.handleSubmit(({ until }) => {
            // The schema refused anything but a time to come, so there is one.
            const time = fromLocalInput(until);
            if (time) void snoozeUntil(time);
          })(event)
        }
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
      >
        <TextField
          {...custom.register('until')}
          label="Or a date and time"
          type="datetime-local"
          min={toLocalInput(now)}
          max={toLocalInput(new Date(now.getTime() + SNOOZE_AHEAD_MAX_DAYS * DAY_MS))}
          description={`Times are in your time zone (${zone}).`}
          error={custom.formState.errors.until?.message}
          className="min-w-0 flex-1"
        />
        {/* The label above the field takes 26px (a 20px line and a 6px gap): the button lines up with the input. */}
        <Button type="submit" isPending={snooze.isPending} className="sm:mt-[26px]">
          Snooze until then
        </Button>
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
