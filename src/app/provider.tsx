import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { userActivity } from '@/lib/activity';
import type { LiveHub } from '@/lib/live-hub';
import { LiveHubContext, useLiveHub } from '@/lib/use-live-hub';
import { useRetryToasts } from './retry-toasts';

function ApiSideEffects() {
  useRetryToasts();
  // Idle detection for X-Background (see lib/activity.ts).
  useEffect(() => userActivity.start(), []);
  return null;
}

// sonner is not in the entry chunk: it arrives beside the first screen's code (a toast raised before
// then appears once it has).
const Toaster = lazy(() => import('@/components/toaster').then((m) => ({ default: m.Toaster })));

/**
 * Everything the app needs around the router: the query client, toasts, activity tracking, and the live
 * hub (the app's own unless a test passes its own).
 */
export function AppProviders({
  queryClient,
  liveHub,
  children,
}: {
  queryClient: QueryClient;
  liveHub?: LiveHub;
  children: ReactNode;
}) {
  const appHub = useLiveHub();
  return (
    <QueryClientProvider client={queryClient}>
      <LiveHubContext value={liveHub ?? appHub}>
        <ApiSideEffects />
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </LiveHubContext>
    </QueryClientProvider>
  );
}
