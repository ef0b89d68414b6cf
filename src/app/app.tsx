import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { sessionQueryOptionsStartedWith } from '@/features/auth/api/get-session';
import { createQueryClient } from '@/lib/query-client';
import type { SessionInfo } from '@/schemas/bff';
import { AppProviders } from './provider';
import { createAppRouter } from './router';

/**
 * The app. `session`: the session check the page's entry already started (a cold load), which the
 * session query takes over instead of asking again.
 */
export function App({ session }: { session?: Promise<SessionInfo | null> }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (session) void client.prefetchQuery(sessionQueryOptionsStartedWith(session));
    return client;
  });
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
