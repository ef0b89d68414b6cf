import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { ErrorState } from '@/components/error-state';
import { InlineNotice } from '@/components/inline-notice';
import { inputClasses } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import { useDataSettings, useSaveDataSettings } from '../api/data-settings';

const CHOICES = [30, 90, 180, 365, 730];

const daysLabel = (days: number) =>
  days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`;

/**
 * The owner's retention: how long the dashboard's own copies of conversations and messages, their history
 * and the record of who did what are kept. Shortening it removes what it no longer covers when saved.
 */
export function RetentionSetting() {
  const id = useId();
  const settings = useDataSettings();
  const save = useSaveDataSettings();
  const [chosen, setChosen] = useState<number | null>(null);

  if (settings.isPending) return <p className="text-sm text-gray-600">Loading the current setting…</p>;
  if (settings.isError)
    return (
      <ErrorState
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );

  const current = settings.data.retention_days;
  const value = chosen ?? current;
  const choices = CHOICES.includes(current) ? CHOICES : [...CHOICES, current].sort((a, b) => a - b);
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ retention_days: value }, { onSuccess: () => setChosen(null) });
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-gray-900">
            Keep for
          </label>
          <select
            id={id}
            value={value}
            onChange={(event) => {
              save.reset();
              setChosen(Number(event.target.value));
            }}
            className={cx(inputClasses, 'w-auto pr-8')}
          >
            {choices.map((days) => (
              <option key={days} value={days}>
                {daysLabel(days)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="primary" isDisabled={value === current || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      {value < current ? (
        <p className="text-sm text-amber-800">
          Saving removes at once what is older than {daysLabel(value)}. It cannot be brought back.
        </p>
      ) : null}
      {save.isSuccess ? (
        <InlineNotice role="status" tone="success" title="Saved">
          The dashboard keeps conversations, messages and their history for {daysLabel(current)}.
        </InlineNotice>
      ) : null}
      {save.isError ? (
        <InlineNotice role="alert" tone="warning" title={`Not saved: ${describeApiError(save.error).title}`}>
          {describeApiError(save.error).description}
        </InlineNotice>
      ) : null}
    </form>
  );
}
