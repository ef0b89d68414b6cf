import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestHandler } from 'msw';
import type { RouteObject } from 'react-router';
// RouterProvider from 'react-router' (the app uses the 'react-router/dom' one): under Vitest the two
// entry points can load separate copies of the router contexts, which breaks every router hook.
import { RouterProvider } from 'react-router';
import { beforeAll, onTestFinished } from 'vitest';
import { AppProviders } from '@/app/provider';
import { createAppMemoryRouter } from '@/app/router';
import { screenModules } from '@/app/routes/screen-modules';
import { apiClient } from '@/lib/api-client';
import { createLiveStreamClient } from '@/lib/live-stream-client';
import { createQueryClient } from '@/lib/query-client';
import { sessionGate } from '@/lib/session-gate';
import { createSimulatorHandlers } from '../../mocks/handlers';
import { createSimulator, type Simulator } from '../../mocks/simulator';
import { createTestBff, type TestBff, type TestBffOptions } from './bff-handlers';
import { createInboxModelHandlers } from './inbox-model-handlers';
import { server } from './msw-server';

// The screens (and the loaders' data modules, the toaster, the session dialog) are lazy chunks. In the browser they are fetched; here Vite transforms them on first import,
// which on a loaded machine can take longer than a findBy waits. Every file that renders the app imports
// them once before its tests, so each test measures the app, not the transform.
beforeAll(async () => {
  await Promise.all([
    ...Object.values(screenModules).map((load) => load()),
    import('@/app/routes/load-inbox-data'),
    import('@/app/routes/conversation-transcript-module').then((m) => m.loadConversationTranscript()),
    import('@/app/routes/load-assistant-data'),
    import('@/app/routes/load-knowledge-data'),
    import('@/components/toaster'),
    import('@/features/auth/components/session-expired-dialog'),
  ]);
});

export type RenderWithAppOptions = TestBffOptions & {
  /** The address the app opens at. Default '/'. */
  route?: string;
  /**
   * More msw handlers, consulted before the test BFF's (for example the simulator's
   * `createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner' })` for /api/v1/*). Requests to
   * /api/* first pass the test BFF's gate (X-CSRF, 401 session_required once the session is gone,
   * 403 role_forbidden for staff writes), as they would through the real BFF. A function receives
   * the test BFF.
   */
  handlers?: RequestHandler[] | ((bff: TestBff) => RequestHandler[]);
  /** Extra screens inside the signed-in shell (a probe page for a test). */
  signedInRoutes?: RouteObject[];
  /**
   * The store behind the BFF: the simulator answering /api/v1 calls no handler answered, and the one the
   * BFF's inbox (`/bff/inbox`) is read from. Default: a fresh one.
   */
  simulator?: Simulator;
};

/**
 * Renders the whole app (providers, the real route tree, guard, shell, session dialog) at `route`,
 * with a fresh QueryClient without retries, a test BFF whose session starts as `session`, and the
 * API client's backoff made instant. Returns the render result plus userEvent, the router, the
 * QueryClient and the test BFF.
 */
export function renderWithApp(options: RenderWithAppOptions = {}) {
  const {
    route = '/',
    handlers = [],
    signedInRoutes,
    simulator = createSimulator(),
    ...bffOptions
  } = options;
  const bff = createTestBff({ session: 'owner', ...bffOptions });
  // The store simulator answers every /api/v1 call a test did not answer itself, as the BFF's
  // upstream would (the BFF uses the owner key for every dashboard user).
  server.use(
    bff.apiGate,
    ...(typeof handlers === 'function' ? handlers(bff) : handlers),
    ...bff.handlers,
    ...createInboxModelHandlers(simulator, bff),
    ...createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner', simulator }),
  );

  sessionGate.reset();
  const restoreClient = apiClient.configure({ sleep: () => Promise.resolve() });
  onTestFinished(restoreClient);

  const queryClient = createQueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  onTestFinished(() => queryClient.clear());
  // A hub of the test's own: one stream per test, no lock or channel shared with other tests, quick retries.
  const liveStreamClient = createLiveStreamClient({ locks: null, createChannel: null, baseDelayMs: 1 });
  onTestFinished(() => liveStreamClient.close());
  const router = createAppMemoryRouter({ queryClient, initialEntries: [route], signedInRoutes });
  const user = userEvent.setup();

  const result = render(
    <AppProviders queryClient={queryClient} liveStreamClient={liveStreamClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, user, router, queryClient, bff, liveStreamClient };
}
