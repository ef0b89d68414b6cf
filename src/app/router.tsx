import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import {
  Navigate,
  createBrowserRouter,
  createMemoryRouter,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { RequireSession } from './layout/require-session';
import { RootErrorPage } from './layout/root-error-page';
import { RootLayout } from './layout/root-layout';
import { ShellSkeleton } from './layout/shell-skeleton';
import { preloadConversationTranscript } from './routes/conversation-transcript-module';
import { loadSession } from './routes/load-session';
import { preloadScreen, screenModules, type ScreenName } from './routes/screen-modules';

// Every screen, the signed-in shell included, is its own chunk: the sign-in page does not wait for the
// shell's menus, the inbox's virtualizer or the config editor.
const SignInRoute = lazy(() => screenModules.signIn().then((m) => ({ default: m.SignInRoute })));
const NotFoundRoute = lazy(() => screenModules.notFound().then((m) => ({ default: m.NotFoundRoute })));
const AppShell = lazy(() => screenModules.shell().then((m) => ({ default: m.AppShell })));
const AssistantRoute = lazy(() => screenModules.assistant().then((m) => ({ default: m.AssistantRoute })));
const InboxRoute = lazy(() => screenModules.inbox().then((m) => ({ default: m.InboxRoute })));
const IntegrationsRoute = lazy(() =>
  screenModules.integrations().then((m) => ({ default: m.IntegrationsRoute })),
);
const ReportsRoute = lazy(() => screenModules.reports().then((m) => ({ default: m.ReportsRoute })));
const KnowledgeRoute = lazy(() => screenModules.knowledge().then((m) => ({ default: m.KnowledgeRoute })));
const TeamRoute = lazy(() => screenModules.team().then((m) => ({ default: m.TeamRoute })));
const JoinRoute = lazy(() => screenModules.join().then((m) => ({ default: m.JoinRoute })));
const AccountRoute = lazy(() => screenModules.account().then((m) => ({ default: m.AccountRoute })));
const SavedRepliesRoute = lazy(() =>
  screenModules['saved-replies']().then((m) => ({ default: m.SavedRepliesRoute })),
);

/** A blank page in the app's background while a full-page screen's code arrives (no flash of white). */
const blankPage = <div className="min-h-dvh bg-gray-50" aria-busy="true" />;

/**
 * A loader that starts a screen's code and first requests together and returns at once: the screen shows
 * its own loading states, and its data does not wait for its code. `startData` gets the
 * query client, the address and the route params; its module is imported on demand so the entry chunk
 * does not carry every feature's schemas.
 */
function startScreen(
  screen: ScreenName,
  startData?: (args: LoaderFunctionArgs) => Promise<unknown>,
): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: (args) => {
      preloadScreen(screen);
      startData?.(args).catch(() => undefined);
      return null;
    },
    // Only entering a screen starts its loader. Within a screen (a filter in the address, another open
    // conversation) its code is there and its queries fetch at once, and a navigation with no loader to
    // run completes synchronously, as it did before the screens had loaders.
    shouldRevalidate: () => false,
  };
}

/**
 * The route tree. `signedInRoutes` adds screens inside the guarded shell (tests use it to mount a
 * probe screen; a new feature adds its route to the list below).
 */
export function createRoutes({
  queryClient,
  signedInRoutes = [],
}: {
  queryClient: QueryClient;
  signedInRoutes?: RouteObject[];
}): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RootErrorPage />,
      // Every screen needs the session first: ask for it as soon as the app starts.
      loader: () => {
        void loadSession(queryClient);
        return null;
      },
      shouldRevalidate: () => false,
      hydrateFallbackElement: blankPage,
      children: [
        { path: '/', element: <Navigate to="/inbox" replace /> },
        {
          path: '/sign-in',
          ...startScreen('signIn'),
          element: (
            <Suspense fallback={blankPage}>
              <SignInRoute />
            </Suspense>
          ),
        },
        {
          path: '/join',
          ...startScreen('join'),
          element: (
            <Suspense fallback={blankPage}>
              <JoinRoute />
            </Suspense>
          ),
        },
        {
          ...startScreen('shell'),
          element: (
            <RequireSession>
              <Suspense fallback={<ShellSkeleton />}>
                <AppShell preloadScreen={preloadScreen} />
              </Suspense>
            </RequireSession>
          ),
          children: [
            {
              path: '/inbox',
              ...startScreen('inbox', ({ request }) =>
                import('./routes/load-inbox-data').then((m) =>
                  m.loadInboxData(queryClient, new URL(request.url)),
                ),
              ),
              element: <InboxRoute />,
            },
            {
              path: '/inbox/:conversationId',
              ...startScreen('inbox', ({ request, params }) => {
                preloadConversationTranscript();
                return import('./routes/load-inbox-data').then((m) =>
                  m.loadInboxData(queryClient, new URL(request.url), params.conversationId),
                );
              }),
              element: <InboxRoute />,
            },
            {
              path: '/assistant',
              ...startScreen('assistant', () =>
                import('./routes/load-assistant-data').then((m) => m.loadAssistantData(queryClient)),
              ),
              element: <AssistantRoute />,
            },
            {
              path: '/knowledge',
              ...startScreen('knowledge', ({ request }) =>
                import('./routes/load-knowledge-data').then((m) =>
                  m.loadKnowledgeData(queryClient, new URL(request.url)),
                ),
              ),
              element: <KnowledgeRoute />,
            },
            { path: '/saved-replies', ...startScreen('saved-replies'), element: <SavedRepliesRoute /> },
            { path: '/integrations', ...startScreen('integrations'), element: <IntegrationsRoute /> },
            { path: '/reports', ...startScreen('reports'), element: <ReportsRoute /> },
            { path: '/team', ...startScreen('team'), element: <TeamRoute /> },
            { path: '/account', ...startScreen('account'), element: <AccountRoute /> },
            ...signedInRoutes,
          ],
        },
        {
          path: '*',
          ...startScreen('notFound'),
          element: (
            <Suspense fallback={blankPage}>
              <NotFoundRoute />
            </Suspense>
          ),
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes({ queryClient }));
}

/** The same routes over an in-memory history (component tests). */
export function createAppMemoryRouter(options: {
  queryClient: QueryClient;
  initialEntries: string[];
  signedInRoutes?: RouteObject[];
}) {
  return createMemoryRouter(
    createRoutes({ queryClient: options.queryClient, signedInRoutes: options.signedInRoutes }),
    { initialEntries: options.initialEntries },
  );
}
