import { Skeleton } from '@/components/skeleton';

/** While the other conversations load. */
export function OthersLoading() {
  return (
    <div aria-busy="true" className="space-y-2">
      <span className="sr-only">Loading the other conversations…</span>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
