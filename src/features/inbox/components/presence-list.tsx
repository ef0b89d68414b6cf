import { cx } from '@/components/cx';
import { useAvailabilityById } from '@/lib/availability';
import type { PresenceViewer } from '@/schemas/live';
import { AvailabilityDot } from './availability-dot';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [name.trim()[0]];
  return letters.join('').toUpperCase();
}

/**
 * Who else has the open conversation: one compact chip per teammate, "replying" in amber (someone is
 * writing to this shopper now) and "viewing" in grey. Announced politely as people come, go or start
 * writing; the chips' words say it all, the colour only repeats it.
 */
export function PresenceList({ viewers }: { viewers: readonly PresenceViewer[] }) {
  const availability = useAvailabilityById();
  return (
    <div aria-live="polite" className="flex flex-wrap items-center gap-1.5 empty:hidden">
      {viewers.map((viewer) => {
        const isReplying = viewer.state === 'replying';
        return (
          <span
            key={viewer.user_id}
            className={cx(
              'inline-flex items-center gap-1.5 rounded-full py-0.5 pr-2.5 pl-0.5 text-xs font-medium ring-1',
              isReplying
                ? 'bg-amber-50 text-amber-900 ring-amber-300'
                : 'bg-gray-50 text-gray-700 ring-gray-200',
            )}
          >
            <span
              aria-hidden="true"
              className={cx(
                'flex size-5 items-center justify-center rounded-full text-[10px] font-semibold text-white',
                isReplying ? 'bg-amber-700' : 'bg-gray-600',
              )}
            >
              {initials(viewer.name)}
            </span>
            <span className="inline-flex items-center gap-1">
              {viewer.name}
              <AvailabilityDot status={availability.get(viewer.user_id)} /> is {viewer.state}
              {isReplying ? (
                <span aria-hidden="true" className="motion-safe:animate-pulse">
                  …
                </span>
              ) : null}
              <span className="sr-only">. </span>
            </span>
          </span>
        );
      })}
    </div>
  );
}
