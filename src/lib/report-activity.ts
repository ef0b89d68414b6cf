import { useRef } from 'react';
import { apiRequest } from './api-client';
import { useEventListener } from './use-event-listener';

/** A dashboard reports its person's input at most this often. */
const ACTIVITY_REPORT_MS = 60_000;

const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * Tells the BFF that the signed-in person is doing something on this dashboard (POST /bff/activity), on
 * input and at most once every ACTIVITY_REPORT_MS: the owner's auto-away counts from the last input on
 * any of their dashboards, and the BFF decides. A report that fails is not retried: the next input sends
 * another.
 */
export function useReportActivity(): void {
  const lastSentAt = useRef(-Infinity);
  useEventListener(
    window,
    INPUT_EVENTS,
    () => {
      const now = Date.now();
      if (now - lastSentAt.current < ACTIVITY_REPORT_MS) return;
      lastSentAt.current = now;
      apiRequest('/bff/activity', { method: 'POST' }).catch(() => undefined);
    },
    { capture: true, passive: true },
  );
}
