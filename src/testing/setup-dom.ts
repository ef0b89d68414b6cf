import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { sessionGate } from '@/lib/session-gate';
import { server } from './msw-server';

// findBy* and waitFor give up after 5 s rather than 1 s: a screen's lazily loaded code can take longer
// than a second to arrive while other test files run on the other cores. A passing test waits no longer.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  // sonner keeps toasts in module state and would replay them to the next test's Toaster.
  toast.dismiss();
  server.resetHandlers();
  sessionGate.reset();
  // The files of a worker share one window (vitest.config.ts): what a test stored must not reach the next.
  // (A few files of this project check the sources in plain node, without a window.)
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});

afterAll(() => {
  server.close();
});
