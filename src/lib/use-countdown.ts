import { useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (epoch ms), ticking once a second; 0 once it has passed. */
export function useCountdown(deadline: number | null, now: () => number = Date.now): number {
  const remaining = () => (deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now()) / 1000)));
  const [seconds, setSeconds] = useState(remaining);

  useEffect(() => {
    const tick = () => setSeconds(deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now()) / 1000)));
    tick();
    if (deadline === null) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, now]);

  return seconds;
}
