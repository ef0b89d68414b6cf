/**
 * User activity, for the BFF's idle timeout: requests made while the user is idle (no pointer or
 * keyboard input for a while, or the tab hidden) carry `X-Background: 1` and do not extend the
 * session, so background polling never keeps an idle session alive.
 */

export const IDLE_AFTER_MS = 2 * 60 * 1000;

const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

export type ActivityTracker = {
  isIdle: () => boolean;
  markActive: () => void;
  /** Starts listening for input; returns a function that stops. Idempotent. */
  start: () => () => void;
};

export function createActivityTracker(
  options: {
    idleAfterMs?: number;
    now?: () => number;
    target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
    isHidden?: () => boolean;
  } = {},
): ActivityTracker {
  const idleAfterMs = options.idleAfterMs ?? IDLE_AFTER_MS;
  const now = options.now ?? Date.now;
  const isHidden =
    options.isHidden ?? (() => typeof document !== 'undefined' && document.visibilityState === 'hidden');
  let lastInput = now();
  let stop: (() => void) | null = null;

  const markActive = () => {
    lastInput = now();
  };
  const onVisibilityChange = () => {
    if (!isHidden()) markActive();
  };

  return {
    isIdle: () => isHidden() || now() - lastInput >= idleAfterMs,
    markActive,
    start() {
      if (stop) return stop;
      const target = options.target ?? (typeof window === 'undefined' ? null : window);
      if (!target) return () => {};
      for (const type of INPUT_EVENTS)
        target.addEventListener(type, markActive, { passive: true, capture: true });
      target.addEventListener('visibilitychange', onVisibilityChange);
      if (typeof document !== 'undefined' && target !== document) {
        document.addEventListener('visibilitychange', onVisibilityChange);
      }
      stop = () => {
        for (const type of INPUT_EVENTS) target.removeEventListener(type, markActive, { capture: true });
        target.removeEventListener('visibilitychange', onVisibilityChange);
        if (typeof document !== 'undefined')
          document.removeEventListener('visibilitychange', onVisibilityChange);
        stop = null;
      };
      return stop;
    },
  };
}

/** The app-wide tracker read by the default API client; the app starts it when it mounts. */
export const userActivity = createActivityTracker();
