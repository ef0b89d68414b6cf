import { useId } from 'react';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import { useUpdateInboxSettings } from '../api/update-inbox-settings';

const CHOICES = [2, 5, 10, 15, 30, 60, 120] as const;

/**
 * The owner's setting: after how many minutes of waiting a row stands out as late. Kept by the BFF for
 * everyone; staff see the threshold in the rows, only owners change it here.
 */
export function ThresholdSetting({ minutes }: { minutes: number | null }) {
  const id = useId();
  const update = useUpdateInboxSettings();
  // Not known yet (the BFF's model is still reading the store): shown disabled, so nothing moves when it is.
  const known = minutes !== null;
  const choices =
    !known || CHOICES.includes(minutes as (typeof CHOICES)[number]) ? CHOICES : [...CHOICES, minutes];
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="whitespace-nowrap text-gray-700">
        Late after
      </label>
      <select
        id={id}
        value={update.isPending ? update.variables.waiting_threshold_minutes : (minutes ?? '')}
        disabled={update.isPending || !known}
        onChange={(event) => update.mutate({ waiting_threshold_minutes: Number(event.target.value) })}
        className={cx(inputClasses, 'w-auto py-1 pr-8 text-sm')}
      >
        {/* Blank while not known: the longest choice gives the field its width already. */}
        {known ? null : <option value="" />}
        {[...choices]
          .sort((a, b) => a - b)
          .map((choice) => (
            <option key={choice} value={choice}>
              {choice} min
            </option>
          ))}
      </select>
      {update.isError ? (
        <span role="alert" className="text-red-700">
          Not saved. Try again.
        </span>
      ) : null}
    </div>
  );
}
