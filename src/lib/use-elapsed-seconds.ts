import { useState } from 'react';
import { useInterval } from './use-interval';

/**
 * Whole seconds since `start` (epoch ms), ticking once a second while it is set; 0 when it is null.
 * The counterpart of useCountdown: how long something has been running.
 */
export function useElapsedSeconds(start: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), start === null ? null : 1000);
  return start === null ? 0 : Math.max(0, Math.floor((now - start) / 1000));
}
