import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '@/components/toaster';
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
        <Toaster />
      </LiveHubContext>
    </QueryClientProvider>
  );
}
