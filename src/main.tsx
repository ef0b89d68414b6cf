import { preparePageSecurity } from '@/lib/trusted-types';
import type { SessionInfo } from '@/schemas/bff';
import './index.css';

// Before the app's modules are even evaluated: zod reads its no-eval setting when schemas are defined,
// and a static import would evaluate them (in their shared chunks) ahead of this line.
preparePageSecurity();
const loadApp = () => import('@/app/app');
// Every load asks who is signed in beside React. Nobody: the sign-in page alone, without the router and
// the app's providers (a third of the JavaScript), whatever the address; the app's code only once the
// person starts signing in. Someone: the app, which takes this answer over instead of asking again.
// The BFF announces the files of the one that will show with the page (screen-preloads.ts), so neither
// waits for this answer to start downloading.
const sessionLoading = import('@/features/auth/api/session-request').then(({ getSession }) => getSession());
// Its failure shows where it is awaited: in the sign-in page, or in the app's session query.
sessionLoading.catch(() => undefined);
const [{ StrictMode }, { createRoot }] = await Promise.all([import('react'), import('react-dom/client')]);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);

async function renderApp(session?: Promise<SessionInfo | null>) {
  const { App } = await loadApp();
  root.render(
    <StrictMode>
      <App session={session} />
    </StrictMode>,
  );
}

/**
 * The sign-in page. `session`: the check under way (a load of /sign-in itself, which goes on to `?next=`
 * if someone is signed in), or null when it found nobody.
 */
async function renderSignIn(session: Promise<SessionInfo | null> | null) {
  const { SignInEntry, showSignInAddress } = await import('@/app/sign-in-entry');
  showSignInAddress();
  // The form stays "Signing in…" until the app is there to take over.
  const handOver = (next: string) => {
    window.history.replaceState(null, '', next);
    return renderApp();
  };
  root.render(
    <StrictMode>
      <SignInEntry onSignedIn={handOver} session={session} />
    </StrictMode>,
  );
  // The app's code follows once the person starts on the form, while they type.
  const prefetchApp = () => void loadApp().catch(() => undefined);
  document.addEventListener('focusin', prefetchApp, { once: true });
}

if (window.location.pathname === '/sign-in') {
  await renderSignIn(sessionLoading);
} else if (window.location.pathname === '/join') {
  // Accepting an invitation or a reset link is for someone not signed in: its page alone, like the sign-in
  // page (no router, no query cache); accepting ends in a full load of the app, signed in.
  const { JoinPage } = await import('@/features/team/components/join-page');
  root.render(
    <StrictMode>
      <JoinPage />
    </StrictMode>,
  );
} else {
  // A failed check is not "signed out": the app shows the failure, with a retry.
  const session = await sessionLoading.catch(() => undefined);
  if (session === null) await renderSignIn(null);
  else await renderApp(sessionLoading);
}
