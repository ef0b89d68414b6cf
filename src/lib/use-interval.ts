import { useEffect, useEffectEvent } from 'react';

/** Calls `tick` every `ms` while `ms` is given (null: stopped); `tick` is always the latest one. */
export function useInterval(tick: () => void, ms: number | null): void {
  const onTick = useEffectEvent(tick);
  useEffect(() => {
    if (ms === null) return;
    const timer = setInterval(() => onTick(), ms);
    return () => clearInterval(timer);
  }, [ms]);
}
