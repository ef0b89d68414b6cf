import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/error-state';
import { InlineNotice } from '@/components/inline-notice';
import { SelectField } from '@/components/select-field';
import { describeApiError } from '@/lib/describe-error';
import { retentionSettingsSchema } from '@/schemas/data-settings';
import { useDataSettings, useSaveDataSettings } from '../api/data-settings';

const CHOICES = [30, 90, 180, 365, 730];

const daysLabel = (days: number) =>
  days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`;

/**
 * The owner's retention: how long the dashboard's own copies of conversations and messages, their history
 * and the record of who did what are kept. Shortening it removes what it no longer covers when saved.
 */
export function RetentionSetting() {
  const settings = useDataSettings();

  if (settings.isPending) return <p className="text-sm text-gray-600">Loading the current setting…</p>;
  if (settings.isError)
    return (
      <ErrorState
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );

  return <RetentionForm current={settings.data.retention_days} />;
}

/** The choice, started from (and, once saved, back at) the current setting. */
function RetentionForm({ current }: { current: number }) {
  const save = useSaveDataSettings();
  const { register, handleSubmit, control } = useForm({
    resolver: zodResolver(retentionSettingsSchema),
    values: { retention_days: current },
  });
  const value = useWatch({ control, name: 'retention_days' });
  const choices = CHOICES.includes(current) ? CHOICES : [...CHOICES, current].sort((a, b) => a - b);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => void handleSubmit((settings) => save.mutate(settings))(event)}
    >
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          {...register('retention_days', { valueAsNumber: true, onChange: () => save.reset() })}
          label="Keep for"
          className="space-y-1"
          selectClassName="w-auto"
        >
          {choices.map((days) => (
            <option key={days} value={days}>
              {daysLabel(days)}
            </option>
          ))}
        </SelectField>
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
