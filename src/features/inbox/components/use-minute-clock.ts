import { useEffect, useState } from 'react';

/** The clock the rows' waiting times are read against: every 15 s is plenty for minutes. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
