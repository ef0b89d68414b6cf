import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '@/components/toaster';
import { userActivity } from '@/lib/activity';
import { useRetryToasts } from './retry-toasts';

function ApiSideEffects() {
  useRetryToasts();
  // Idle detection for X-Background (see lib/activity.ts).
  useEffect(() => userActivity.start(), []);
  return null;
}

/** Everything the app needs around the router: the query client, toasts, activity tracking. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiSideEffects />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
