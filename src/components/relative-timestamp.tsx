import { useSyncExternalStore } from 'react';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

/** One shared minute tick for every relative time on screen, so "5 minutes ago" does not go stale. */
const minuteTick = (() => {
  const listeners = new Set<() => void>();
  let now = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      if (timer === undefined) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          for (const notify of listeners) notify();
        }, 60_000);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    getSnapshot: () => now,
  };
})();

/**
 * A time shown relative ("3 days ago") in a <time> element whose title (on hover) and machine value are
 * the absolute time. A time ahead of the tick (a fresh write, a server clock slightly ahead) reads "just now".
 */
export function RelativeTimestamp({ value, className }: { value: string; className?: string }) {
  const now = useSyncExternalStore(minuteTick.subscribe, minuteTick.getSnapshot, minuteTick.getSnapshot);
  const absolute = formatDateTime(value);
  if (absolute === '') return <span className={className}>unknown time</span>;
  return (
    <time dateTime={value} title={absolute} className={className}>
      {formatRelativeTime(value, { now: Math.max(now, Date.parse(value)) })}
    </time>
  );
}
