import type { LiveEvent, LiveEventName, liveEventDataSchemas } from '@/schemas/live';
import { apiErrorFromResponse } from './api-error';
import type { SessionGate } from './session-gate';
import { createSseParser } from './sse-parser';

/** `fresh`: on `ready`, true when the stream started without a Last-Event-ID (nothing was replayed). */
export type HubEvent = LiveEvent & { fresh?: boolean };

/** How one attempt ended: never opened (`failed`) or opened and then lost (`dropped`). */
export type StreamOutcome = { kind: 'failed' | 'dropped'; retryAfterMs?: number };

export type StreamReadOptions = {
  signal: AbortSignal;
  /** The last event id seen ('' for none): sent as Last-Event-ID. */
  resumeFrom: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  gate: SessionGate;
  /** Nobody is on a live screen any more: a 401 then asks nobody to sign in. */
  isIdle: () => boolean;
  /** `ready` arrived: the stream is live. */
  onLive: () => void;
  onEvent: (event: HubEvent) => void;
};

/** An opened stream that says nothing (not even `ready`) this long is buffered by something: a failure. */
const READY_TIMEOUT_MS = 10_000;
/** Silence (no event, no heartbeat comment) this long means the connection is dead. */
const SILENCE_TIMEOUT_MS = 45_000;

type LiveSchemas = typeof liveEventDataSchemas;

/**
 * The event schemas arrive with the first stream, not with the page: the sign-in page (every visitor's
 * first load) does not otherwise need them.
 */
let liveSchemas: Promise<LiveSchemas> | undefined;
const loadLiveSchemas = () =>
  (liveSchemas ??= import('@/schemas/live').then((module) => module.liveEventDataSchemas));

/** Parses one SSE message into a typed event; unknown names and malformed data are skipped. */
function toLiveEvent(schemas: LiveSchemas, id: string, name: string, data: string): LiveEvent | null {
  if (!(name in schemas)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = schemas[name as LiveEventName].safeParse(json);
  return parsed.success ? ({ id, name, data: parsed.data } as LiveEvent) : null;
}

/**
 * One attempt of the leader's loop (live-stream-client.ts): opens `GET /bff/events`, reads it until it ends or goes
 * silent, and says how it ended.
 */
export async function readStreamOnce({
  signal: runSignal,
  resumeFrom,
  fetch: fetchImpl,
  gate,
  isIdle,
  onLive,
  onEvent,
}: StreamReadOptions): Promise<StreamOutcome> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  runSignal.addEventListener('abort', abort, { once: true });
  window.addEventListener('offline', abort);
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    clearTimeout(watchdog);
    watchdog = setTimeout(abort, ms);
  };
  let gotReady = false;
  try {
    const headers: Record<string, string> = { 'X-CSRF': '1', Accept: 'text/event-stream' };
    if (resumeFrom !== '') headers['Last-Event-ID'] = resumeFrom;
    arm(READY_TIMEOUT_MS);
    const response = await fetchImpl('/bff/events', {
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok || response.body === null) {
      clearTimeout(watchdog);
      const error = apiErrorFromResponse(response, await response.text().catch(() => ''), {
        method: 'GET',
        path: '/bff/events',
      });
      if (error.status === 401 && error.code === 'session_required') {
        // Nobody is on a live screen any more (signed out, the stream lingering): do not ask anyone.
        if (isIdle()) return { kind: 'failed' };
        // The stream needs a session like any request: wait for the in-place sign-in, then reopen at
        // once. Nobody to ask (signed out, no dialog): an ordinary failure with its backoff.
        const signedIn = await gate.waitForSignIn(error, runSignal).then(
          () => true,
          () => false,
        );
        return signedIn ? { kind: 'failed', retryAfterMs: 0 } : { kind: 'failed' };
      }
      return {
        kind: 'failed',
        ...(error.retryAfterSeconds === undefined ? {} : { retryAfterMs: error.retryAfterSeconds * 1000 }),
      };
    }
    const schemas = await loadLiveSchemas();
    const parser = createSseParser(resumeFrom);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arm(gotReady ? SILENCE_TIMEOUT_MS : READY_TIMEOUT_MS);
      for (const message of parser.push(value)) {
        const event = toLiveEvent(schemas, message.id, message.event, message.data);
        if (event === null) continue;
        if (event.name === 'ready') {
          gotReady = true;
          arm(SILENCE_TIMEOUT_MS);
          onLive();
          onEvent({ ...event, fresh: resumeFrom === '' });
          continue;
        }
        onEvent(event);
      }
    }
  } catch {
    // A network error, an abort (offline, watchdog, stop) or a body cut mid-read: all are a drop or a
    // failed open, decided below by whether `ready` arrived.
  } finally {
    clearTimeout(watchdog);
    runSignal.removeEventListener('abort', abort);
    window.removeEventListener('offline', abort);
    controller.abort();
  }
  return { kind: gotReady ? 'dropped' : 'failed' };
}
