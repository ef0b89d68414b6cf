import { lazy } from 'react';
import { Navigate, createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { AppShell } from './layout/app-shell';
import { RequireSession } from './layout/require-session';
import { RootErrorPage } from './layout/root-error-page';
import { RootLayout } from './layout/root-layout';
// Each screen is its own chunk, loaded when first opened: the sign-in page and the shell do not wait
// for the inbox's virtualizer or the config editor (the shell shows a loading state meanwhile).
const AssistantRoute = lazy(() => import('./routes/assistant').then((m) => ({ default: m.AssistantRoute })));
const InboxRoute = lazy(() => import('./routes/inbox').then((m) => ({ default: m.InboxRoute })));
const IntegrationsRoute = lazy(() =>
  import('./routes/integrations').then((m) => ({ default: m.IntegrationsRoute })),
);
const KnowledgeRoute = lazy(() => import('./routes/knowledge').then((m) => ({ default: m.KnowledgeRoute })));
import { NotFoundRoute } from './routes/not-found';
import { SignInRoute } from './routes/sign-in';

/**
 * The route tree. `signedInRoutes` adds screens inside the guarded shell (tests use it to mount a
 * probe screen; a new feature adds its route to the list below).
 */
export function createRoutes({
  signedInRoutes = [],
}: { signedInRoutes?: RouteObject[] } = {}): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RootErrorPage />,
      children: [
        { path: '/', element: <Navigate to="/inbox" replace /> },
        { path: '/sign-in', element: <SignInRoute /> },
        {
          element: (
            <RequireSession>
              <AppShell />
            </RequireSession>
          ),
          children: [
            { path: '/inbox', element: <InboxRoute /> },
            { path: '/inbox/:conversationId', element: <InboxRoute /> },
            { path: '/assistant', element: <AssistantRoute /> },
            { path: '/knowledge', element: <KnowledgeRoute /> },
            { path: '/integrations', element: <IntegrationsRoute /> },
            ...signedInRoutes,
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}

/** The same routes over an in-memory history (component tests). */
export function createAppMemoryRouter(options: { initialEntries: string[]; signedInRoutes?: RouteObject[] }) {
  return createMemoryRouter(createRoutes({ signedInRoutes: options.signedInRoutes }), {
    initialEntries: options.initialEntries,
  });
}
