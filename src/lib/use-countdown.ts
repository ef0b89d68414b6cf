import { useReducer } from 'react';
import { useInterval } from './use-interval';

/** Whole seconds left until `deadline` (epoch ms), ticking once a second; 0 once it has passed. */
export function useCountdown(deadline: number | null, now: () => number = Date.now): number {
  const [, tick] = useReducer((ticks: number) => ticks + 1, 0);
  const seconds = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now()) / 1000));
  useInterval(tick, seconds > 0 ? 1000 : null);
  return seconds;
}
