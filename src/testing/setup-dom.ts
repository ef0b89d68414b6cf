import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { sessionGate } from '@/lib/session-gate';
import { server } from './msw-server';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  // sonner keeps toasts in module state and would replay them to the next test's Toaster.
  toast.dismiss();
  server.resetHandlers();
  sessionGate.reset();
});

afterAll(() => {
  server.close();
});
