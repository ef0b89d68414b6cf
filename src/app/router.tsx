import { Navigate, createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { AppShell } from './layout/app-shell';
import { RequireSession } from './layout/require-session';
import { RootErrorPage } from './layout/root-error-page';
import { RootLayout } from './layout/root-layout';
import { AssistantRoute } from './routes/assistant';
import { InboxRoute } from './routes/inbox';
import { IntegrationsRoute } from './routes/integrations';
import { KnowledgeRoute } from './routes/knowledge';
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
