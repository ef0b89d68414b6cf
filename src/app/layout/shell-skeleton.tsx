import { Skeleton } from '@/components/skeleton';

/** The shell's outline while the session loads: same bars and widths as the real shell. */
export function ShellSkeleton() {
  return (
    <div className="min-h-dvh bg-gray-50" aria-busy="true">
      <div role="status" className="sr-only">
        Loading the dashboard…
      </div>
      <div className="flex h-14 items-center gap-3 border-b border-gray-200 bg-white px-4 sm:px-6">
        <Skeleton className="size-8 rounded-lg" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="ml-auto size-8 rounded-full" />
      </div>
      <div className="md:flex">
        <div className="hidden w-60 shrink-0 space-y-2 border-r border-gray-200 bg-white p-4 md:block md:min-h-[calc(100dvh-3.5rem)]">
          {[0, 1, 2, 3].map((item) => (
            <Skeleton key={item} className="h-9 w-full" />
          ))}
        </div>
        <div className="flex-1 px-4 py-8 sm:px-6 lg:px-10">
          <div className="mx-auto max-w-5xl space-y-4">
            <Skeleton className="h-8 w-48" />
            <Skeleton className="h-4 w-80 max-w-full" />
          </div>
        </div>
      </div>
    </div>
  );
}
