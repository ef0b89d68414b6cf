import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { inputClasses } from '@/components/text-field';
import { daysBetween, CUSTOM_PERIOD_MAX_DAYS, type ReportPeriod, type ReportQuery } from '@/schemas/reports';

const PERIOD_LABELS: Record<ReportPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'Custom dates',
};

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
  const id = useId();
  // Choosing "Custom dates" shows the date fields before the address changes; a period arriving from the
  // address (back, a link) is shown as it is. The fields stay mounted, so the focus stays where it is.
  const [choosingCustom, setChoosingCustom] = useState(query.period === 'custom');
  const [addressPeriod, setAddressPeriod] = useState(query.period);
  if (query.period !== addressPeriod) {
    setAddressPeriod(query.period);
    setChoosingCustom(query.period === 'custom');
  }
  const period: ReportPeriod = choosingCustom ? 'custom' : query.period;
  const [from, setFrom] = useState(query.from ?? shown?.from ?? '');
  const [to, setTo] = useState(query.to ?? shown?.to ?? '');
  const problem =
    !from || !to
      ? 'Choose both dates.'
      : from > to
        ? 'The first date must not be after the last.'
        : daysBetween(from, to) > CUSTOM_PERIOD_MAX_DAYS
          ? `Choose at most ${CUSTOM_PERIOD_MAX_DAYS} days.`
          : undefined;
  const [tried, setTried] = useState(false);

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!problem) onChange({ period: 'custom', from, to });
      }}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-period`} className="block text-sm font-medium text-gray-900">
          Period
        </label>
        <select
          id={`${id}-period`}
          value={period}
          className={`${inputClasses} w-auto pr-8`}
          onChange={(event) => {
            const next = event.target.value as ReportPeriod;
            setChoosingCustom(next === 'custom');
            setTried(false);
            if (next !== 'custom') onChange({ period: next });
            else if (!from && shown) {
              setFrom(shown.from);
              setTo(shown.to);
            }
          }}
        >
          {Object.entries(PERIOD_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {period === 'custom' ? (
        <>
          <div className="space-y-1">
            <label htmlFor={`${id}-from`} className="block text-sm font-medium text-gray-900">
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              className={`${inputClasses} w-auto`}
              aria-describedby={tried && problem ? `${id}-problem` : undefined}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-to`} className="block text-sm font-medium text-gray-900">
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              className={`${inputClasses} w-auto`}
              aria-describedby={tried && problem ? `${id}-problem` : undefined}
            />
          </div>
          <Button type="submit" variant="secondary">
            Show
          </Button>
          {tried && problem ? (
            <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-700">
              {problem}
            </p>
          ) : null}
        </>
      ) : null}
    </form>
  );
}
