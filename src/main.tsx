import { preparePageSecurity } from '@/lib/trusted-types';
import type { SessionInfo } from '@/schemas/bff';
import './index.css';

// Before the app's modules are even evaluated: zod reads its no-eval setting when schemas are defined,
// and a static import would evaluate them (in their shared chunks) ahead of this line.
preparePageSecurity();
const coldSignIn = window.location.pathname === '/sign-in';
const loadApp = () => import('@/app/app');
// Any other address needs the app and the session: ask for both beside React rather
// than one after another once the app has booted (on a phone's slow link each hop is a round trip).
const appLoading = coldSignIn ? null : loadApp();
const sessionLoading = coldSignIn
  ? undefined
  : import('@/features/auth/api/session-request').then(({ getSession }) => getSession());
// Their failures show where they are awaited: the app's in renderApp, the session's in its query.
appLoading?.catch(() => undefined);
sessionLoading?.catch(() => undefined);
const [{ StrictMode }, { createRoot }] = await Promise.all([import('react'), import('react-dom/client')]);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);

async function renderApp(session?: Promise<SessionInfo | null>) {
  const { App } = await (appLoading ?? loadApp());
  root.render(
    <StrictMode>
      <App session={session} />
    </StrictMode>,
  );
}

if (coldSignIn) {
  // A cold load of the sign-in page shows it without the router and the app's providers (a third of
  // the JavaScript); the app's code follows while the person types, and takes over once they are in.
  const { SignInEntry } = await import('@/app/sign-in-entry');
  // The form stays "Signing in…" until the app is there to take over.
  const handOver = (next: string) => {
    window.history.replaceState(null, '', next);
    return renderApp();
  };
  root.render(
    <StrictMode>
      <SignInEntry onSignedIn={handOver} />
    </StrictMode>,
  );
  const prefetchApp = () => void loadApp().catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(prefetchApp, { timeout: 2000 });
  else setTimeout(prefetchApp, 500);
} else {
  await renderApp(sessionLoading);
}
