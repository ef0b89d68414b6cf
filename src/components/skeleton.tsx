import { cx } from './cx';

/** A grey placeholder block that holds the space of content still loading (no layout shift). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-gray-200/80', className)} />;
}
