import { useId } from 'react';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { ErrorState } from '@/components/error-state';
import { ModalDialog } from '@/components/modal-dialog';
import { Spinner } from '@/components/spinner';
import { SwitchField } from '@/components/switch-field';
import { inputClasses } from '@/components/text-field';
import {
  AWAY_AFTER_IDLE_MINUTES,
  type AssignmentSettings,
  type AssignmentStrategy,
  type AwayAfterIdleMinutes,
} from '@/schemas/assignment';
import { useAssignmentSettings, useSaveAssignmentSettings } from '../api/assignment-settings';

const LIMITS = [1, 2, 3, 4, 5, 6, 8, 10, 15, 20] as const;
const STRATEGIES: Record<AssignmentStrategy, string> = {
  round_robin: 'Round robin: each in turn',
  fewest_open: 'Fewest open conversations first',
};

/**
 * The owner's automatic assignment: on or off, how the next person is chosen, the limit of open
 * conversations per person, and the auto-away after a period without input. Each change is saved at once (like the waiting threshold beside it).
 */
export function AssignmentSettingsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Assignment">
      {isOpen ? <SettingsForm onDone={() => onOpenChange(false)} /> : null}
    </ModalDialog>
  );
}

function SettingsForm({ onDone }: { onDone: () => void }) {
  const settings = useAssignmentSettings();
  const save = useSaveAssignmentSettings();
  const strategyId = useId();
  const limitId = useId();
  const idleId = useId();
  if (settings.isPending)
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-gray-600">
        <Spinner /> Loading the assignment settings…
      </p>
    );
  if (settings.isError)
    return (
      <ErrorState
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  const current: AssignmentSettings = save.isPending ? save.variables : settings.data;
  const change = (next: Partial<AssignmentSettings>) => save.mutate({ ...current, ...next });
  return (
    <div className="space-y-5">
      <SwitchField
        label="Automatic assignment"
        description="From now on, when the assistant hands a shopper to a person and nobody is assigned, the conversation goes to a teammate who is Available, within the limit below. Nobody available: it waits in Unassigned, oldest first, until someone is. A teammate's own assignment always stands."
        isSelected={current.enabled}
        onChange={(enabled) => change({ enabled })}
        isDisabled={save.isPending}
      />
      <SwitchField
        label="A reply assigns the replier"
        description="When someone replies in a conversation waiting for a person with nobody assigned, it becomes theirs. Off: it stays unassigned until someone assigns it."
        isSelected={current.reply_assigns !== false}
        onChange={(replyAssigns) => change({ reply_assigns: replyAssigns })}
        isDisabled={save.isPending}
      />
      <div className="space-y-1.5">
        <label htmlFor={strategyId} className="block text-sm font-medium text-gray-800">
          Who is next
        </label>
        <select
          id={strategyId}
          value={current.strategy}
          disabled={save.isPending}
          onChange={(event) => change({ strategy: event.target.value as AssignmentStrategy })}
          className={inputClasses}
        >
          {Object.entries(STRATEGIES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={limitId} className="block text-sm font-medium text-gray-800">
          Open conversations per person, at most
        </label>
        <select
          id={limitId}
          value={current.max_open_per_person}
          disabled={save.isPending}
          onChange={(event) => change({ max_open_per_person: Number(event.target.value) })}
          className={cx(inputClasses, 'w-auto')}
        >
          {[...new Set([...LIMITS, current.max_open_per_person])]
            .sort((a, b) => a - b)
            .map((limit) => (
              <option key={limit} value={limit}>
                {limit}
              </option>
            ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={idleId} className="block text-sm font-medium text-gray-800">
          Away when inactive
        </label>
        <p id={`${idleId}-help`} className="text-sm text-gray-600">
          A teammate with no input on any of their dashboards for this long counts as Away (inactive) until
          they do something again.
        </p>
        <select
          id={idleId}
          aria-describedby={`${idleId}-help`}
          value={current.away_after_idle_minutes ?? 'off'}
          disabled={save.isPending}
          onChange={(event) =>
            change({
              away_after_idle_minutes:
                event.target.value === 'off' ? null : (Number(event.target.value) as AwayAfterIdleMinutes),
            })
          }
          className={cx(inputClasses, 'w-auto')}
        >
          <option value="off">Never</option>
          {AWAY_AFTER_IDLE_MINUTES.map((minutes) => (
            <option key={minutes} value={minutes}>
              After {minutes} minutes
            </option>
          ))}
        </select>
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Not saved. Try again.
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button onPress={onDone}>Done</Button>
      </div>
    </div>
  );
}
