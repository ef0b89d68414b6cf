import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { daysBetween, CUSTOM_PERIOD_MAX_DAYS, type ReportPeriod, type ReportQuery } from '@/schemas/reports';

const PERIOD_LABELS: Record<ReportPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'Custom dates',
};

/** Custom dates: both, in order, at most the BFF's longest period apart; one problem at a time. */
const customDatesSchema = z.strictObject({ from: z.string(), to: z.string() }).check(
  z.superRefine(({ from, to }, context) => {
    const problem = (message: string, field: 'from' | 'to') =>
      context.issues.push({ code: 'custom', message, path: [field], input: { from, to } });
    if (!from || !to) problem('Choose both dates.', from ? 'to' : 'from');
    else if (from > to) problem('The first date must not be after the last.', 'from');
    else if (daysBetween(from, to) > CUSTOM_PERIOD_MAX_DAYS)
      problem(`Choose at most ${CUSTOM_PERIOD_MAX_DAYS} days.`, 'from');
  }),
);

/**
 * The report's period: a preset applies at once; custom dates apply with "Show" (both dates, in order,
 * at most a year apart). `shown` is the period the report covers, to start the custom dates from.
 */
export function PeriodPicker({
  query,
  shown,
  onChange,
}: {
  query: ReportQuery;
  shown: { from: string; to: string } | undefined;
  onChange: (query: ReportQuery) => void;
}) {
  const problemId = useId();
  // Choosing "Custom dates" shows the date fields before the address changes; a period arriving from the
  // address (back, a link) is shown as it is. The fields stay mounted, so the focus stays where it is.
  const [choosingCustom, setChoosingCustom] = useState(query.period === 'custom');
  const [addressPeriod, setAddressPeriod] = useState(query.period);
  if (query.period !== addressPeriod) {
    setAddressPeriod(query.period);
    setChoosingCustom(query.period === 'custom');
  }
  const period: ReportPeriod = choosingCustom ? 'custom' : query.period;
  const { register, handleSubmit, formState, getValues, setValue, clearErrors } = useForm({
    resolver: zodResolver(customDatesSchema),
    defaultValues: { from: query.from ?? shown?.from ?? '', to: query.to ?? shown?.to ?? '' },
  });
  const { errors } = formState;
  // Both dates are the one problem's cause: it is said once, under them, and describes both.
  const problem = errors.from?.message ?? errors.to?.message;
  const dateProps = (field: 'from' | 'to') => ({
    ...register(field),
    type: 'date',
    className: 'space-y-1',
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': problem ? problemId : undefined,
  });

  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) =>
        void handleSubmit(({ from, to }) => onChange({ period: 'custom', from, to }))(event)
      }
    >
      <SelectField
        label="Period"
        value={period}
        className="space-y-1"
        selectClassName="w-auto"
        onChange={(event) => {
          const next = event.target.value as ReportPeriod;
          setChoosingCustom(next === 'custom');
          clearErrors();
          if (next !== 'custom') onChange({ period: next });
          else if (!getValues('from') && shown) {
            setValue('from', shown.from);
            setValue('to', shown.to);
          }
        }}
      >
        {Object.entries(PERIOD_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {period === 'custom' ? (
        <>
          <TextField label="From" {...dateProps('from')} />
          <TextField label="To" {...dateProps('to')} />
          <Button type="submit" variant="secondary">
            Show
          </Button>
          {problem ? (
            <p id={problemId} role="alert" className="w-full text-sm text-red-700">
              {problem}
            </p>
          ) : null}
        </>
      ) : null}
    </form>
  );
}
