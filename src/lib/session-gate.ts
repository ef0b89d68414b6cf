import type { ApiError } from './api-error';

/**
 * The session gate: where requests wait while the user signs in again.
 *
 * When a request gets 401 `session_required` the client calls `waitForSignIn`. The first caller opens
 * the gate's "expired" state, which the app shows as an in-place sign-in dialog (no navigation, so
 * nothing on the page is lost). Every other request that hits 401 meanwhile waits on the same promise.
 * After a successful sign-in the app calls `signedIn()`: the waiting requests resume and are sent again
 * (with their same Idempotency-Key). `cancel()` (the user signs out instead) rejects every waiter with its
 * own ApiError.
 */

export type SessionGateState =
  { status: 'active'; generation: number } | { status: 'expired'; generation: number; error: ApiError };

type Waiter = { resolve: () => void; reject: (reason: Error) => void };

export type SessionGate = {
  getState: () => SessionGateState;
  subscribe: (listener: () => void) => () => void;
  /**
   * Counts sign-ins. A request that was sent before a sign-in and still got 401 is simply resent,
   * rather than asking the user to sign in a second time.
   */
  getGeneration: () => number;
  /** Waits until the user signs in again; rejects with `error` if they sign out or nobody can ask them. */
  waitForSignIn: (error: ApiError, signal?: AbortSignal) => Promise<void>;
  signedIn: () => void;
  cancel: () => void;
  /** Tests: forget waiters and listeners. */
  reset: () => void;
};

function abortReason(signal: AbortSignal | undefined): Error {
  return (
    (signal?.reason as Error | undefined) ?? new DOMException('The operation was aborted.', 'AbortError')
  );
}

export function createSessionGate(): SessionGate {
  let state: SessionGateState = { status: 'active', generation: 0 };
  const listeners = new Set<() => void>();
  let waiters: { waiter: Waiter; error: ApiError }[] = [];

  const setState = (next: SessionGateState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    getState: () => state,
    getGeneration: () => state.generation,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitForSignIn(error, signal) {
      // Nobody renders the sign-in dialog (e.g. before the app mounted): fail instead of hanging.
      if (listeners.size === 0) return Promise.reject(error);
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise<void>((resolve, reject) => {
        const entry = {
          error,
          waiter: {
            resolve: () => {
              signal?.removeEventListener('abort', onAbort);
              resolve();
            },
            reject: (reason: Error) => {
              signal?.removeEventListener('abort', onAbort);
              reject(reason);
            },
          },
        };
        function onAbort() {
          waiters = waiters.filter((candidate) => candidate !== entry);
          reject(abortReason(signal));
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push(entry);
        if (state.status === 'active') setState({ status: 'expired', generation: state.generation, error });
      });
    },
    signedIn() {
      const resuming = waiters;
      waiters = [];
      setState({ status: 'active', generation: state.generation + 1 });
      for (const { waiter } of resuming) waiter.resolve();
    },
    cancel() {
      const failing = waiters;
      waiters = [];
      if (state.status === 'expired') setState({ status: 'active', generation: state.generation });
      for (const { waiter, error } of failing) waiter.reject(error);
    },
    reset() {
      waiters = [];
      listeners.clear();
      state = { status: 'active', generation: 0 };
    },
  };
}

/** The app-wide gate used by the default API client and the session-expired dialog. */
export const sessionGate = createSessionGate();
