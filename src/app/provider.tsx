import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { toasterState } from '@/components/toast';
import { userActivity } from '@/lib/activity';
import type { LiveStreamClient } from '@/lib/live-stream-client';
import { LiveStreamContext, useLiveStreamClient } from '@/lib/use-live-stream';
import { useRetryToasts } from './retry-toasts';

function ApiSideEffects() {
  useRetryToasts();
  // Idle detection for X-Background (see lib/activity.ts).
  useEffect(() => userActivity.start(), []);
  return null;
}

// sonner is not in the entry chunk: it arrives after the first screen (a toast raised before then
// appears once it has).
const Toaster = lazy(() => import('@/components/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The Toaster, mounted at the first toast or when the browser is first idle: its 10 kB then do not
 * compete with the first screen's code and data on a slow link.
 */
function DeferredToaster() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.wanted);
  useEffect(() => {
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(toasterState.want, 1000);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(toasterState.want, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * Everything the app needs around the router: the query client, toasts, activity tracking, and the live
 * hub (the app's own unless a test passes its own).
 */
export function AppProviders({
  queryClient,
  liveStreamClient,
  children,
}: {
  queryClient: QueryClient;
  liveStreamClient?: LiveStreamClient;
  children: ReactNode;
}) {
  const appHub = useLiveStreamClient();
  return (
    <QueryClientProvider client={queryClient}>
      <LiveStreamContext value={liveStreamClient ?? appHub}>
        <ApiSideEffects />
        {children}
        <DeferredToaster />
      </LiveStreamContext>
    </QueryClientProvider>
  );
}
