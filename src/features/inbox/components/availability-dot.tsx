import { cx } from '@/components/cx';
import type { AvailabilityStatus } from '@/schemas/assignment';

/**
 * A teammate's availability beside their name: a filled green dot when Available, a hollow grey ring when
 * Away (the shape tells them apart without colour), and the words for screen readers ("(away)").
 * Nothing while the team's availability is not known.
 */
export function AvailabilityDot({ status }: { status: AvailabilityStatus | undefined }) {
  if (status === undefined) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={cx(
          'inline-block size-2 shrink-0 rounded-full',
          status === 'available' ? 'bg-green-600' : 'ring-[1.5px] ring-gray-500 ring-inset',
        )}
      />
      <span className="sr-only"> ({status})</span>
    </>
  );
}
