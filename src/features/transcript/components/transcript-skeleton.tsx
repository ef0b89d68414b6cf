import { cx } from '@/components/cx';
import { Skeleton } from '@/components/skeleton';

/** The transcript's frame while the first page loads: the same box, so nothing moves when it arrives. */
export function TranscriptSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="relative min-h-0 flex-1 overflow-hidden px-3 pt-4 sm:px-5">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="space-y-5">
        {(['start', 'end', 'start', 'end'] as const).map((side, index) => (
          <div
            key={index}
            className={cx('flex flex-col gap-1.5', side === 'start' ? 'items-start' : 'items-end')}
          >
            <Skeleton className="h-3.5 w-28" />
            <Skeleton className={cx('h-14 rounded-2xl', index % 2 === 0 ? 'w-3/5' : 'w-2/3')} />
          </div>
        ))}
      </div>
    </div>
  );
}
