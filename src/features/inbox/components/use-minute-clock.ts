import { useState } from 'react';
import { useInterval } from '@/lib/use-interval';

/** The clock the rows' waiting times are read against: every 15 s is plenty for minutes. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 15_000);
  return now;
}
