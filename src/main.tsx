import { preparePageSecurity } from '@/lib/trusted-types';
import './index.css';

// Before the app's modules are even evaluated: zod reads its no-eval setting when schemas are defined,
// and a static import would evaluate them (in their shared chunks) ahead of this line.
preparePageSecurity();
const [{ StrictMode }, { createRoot }] = await Promise.all([import('react'), import('react-dom/client')]);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);
const loadApp = () => import('@/app/app');

async function renderApp() {
  const { App } = await loadApp();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

if (window.location.pathname === '/sign-in') {
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
  await renderApp();
}
