import { readStreamOnce, type HubEvent } from './live-stream-reader';
import { sessionGate as defaultSessionGate, type SessionGate } from './session-gate';

/**
 * The browser's live stream client: ONE `GET /bff/events` stream per browser, shared by its tabs. The tab
 * holding the Web Lock `LOCK_NAME` reads the stream and fans every event out over a BroadcastChannel; the
 * others wait on the lock and take over (resuming from the last event id they saw) when the leader
 * closes or leaves the inbox. Without Web Locks or BroadcastChannel each tab reads its own stream.
 *
 * Status: `connecting` (first attempt), `live`, `reconnecting` (a drop, resuming with Last-Event-ID),
 * `fallback` (the stream cannot be opened or keeps dropping: the screens poll the API, and the hub keeps
 * trying the stream now and then).
 */

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'fallback';

// Names every tab of the origin shares, whatever build it runs: tabs open across a deploy still elect one
// leader and share its events.
const LOCK_NAME = 'dashboard-live-hub';
const CHANNEL_NAME = 'dashboard-live-hub';
/** Failed opens in a row before falling back to polling. */
const FAILED_OPENS_BEFORE_FALLBACK = 3;
/** Drops of an opened stream within DROP_WINDOW_MS before falling back. */
const DROPS_BEFORE_FALLBACK = 4;
const DROP_WINDOW_MS = 2 * 60_000;
/** How often the stream is tried again while the screens poll. */
const FALLBACK_RETRY_MS = 60_000;
/** Subscribers may come and go on a route change: the stream outlives the last one this long. */
const LINGER_MS = 5_000;

type ChannelMessage =
  { type: 'event'; event: HubEvent } | { type: 'status'; status: LiveStatus } | { type: 'hello' };

type LockManagerLike = {
  request: (name: string, options: { signal: AbortSignal }, callback: () => Promise<void>) => Promise<void>;
};

export type LiveStreamClientOptions = {
  fetch?: typeof fetch;
  locks?: LockManagerLike | null;
  createChannel?: ((name: string) => BroadcastChannel) | null;
  sessionGate?: SessionGate;
  random?: () => number;
  /** Base of the reconnect backoff (tests make it small). */
  baseDelayMs?: number;
};

export type LiveStreamClient = {
  getStatus: () => LiveStatus;
  onStatus: (listener: (status: LiveStatus) => void) => () => void;
  /** Receives every event; the first subscriber starts the hub, the last one stops it (after a linger). */
  subscribe: (listener: (event: HubEvent) => void) => () => void;
  /** Closes the stream at once (tests). */
  close: () => void;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

function defaultLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
}

function defaultChannel(): ((name: string) => BroadcastChannel) | null {
  return typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : null;
}

export function createLiveStreamClient(options: LiveStreamClientOptions = {}): LiveStreamClient {
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const createChannel = options.createChannel === undefined ? defaultChannel() : options.createChannel;
  const gate = options.sessionGate ?? defaultSessionGate;
  const random = options.random ?? Math.random;
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const fetchImpl = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  const listeners = new Set<(event: HubEvent) => void>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let status: LiveStatus = 'connecting';
  let lastEventId = '';
  let run: AbortController | null = null;
  let lingerTimer: ReturnType<typeof setTimeout> | undefined;
  let channel: BroadcastChannel | null = null;
  let leading = false;

  const setStatus = (next: LiveStatus) => {
    if (leading) channel?.postMessage({ type: 'status', status: next } satisfies ChannelMessage);
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  };

  const deliver = (event: HubEvent) => {
    lastEventId = event.id;
    for (const listener of [...listeners]) listener(event);
  };

  /** The leader's loop: open, read, and reopen after a drop until `signal` aborts. */
  async function lead(signal: AbortSignal) {
    let failedOpens = 0;
    let drops: number[] = [];
    let opened = false;
    while (!signal.aborted) {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        // Offline is not the stream's fault: wait for the network without counting failures.
        if (status === 'live') setStatus('reconnecting');
        await new Promise<void>((resolve) => {
          const done = () => (window.removeEventListener('online', done), resolve());
          window.addEventListener('online', done);
          signal.addEventListener('abort', done, { once: true });
        });
        continue;
      }
      const outcome = await readOnce(signal);
      if (signal.aborted) return;
      if (outcome.kind === 'dropped') {
        opened = true;
        failedOpens = 0;
        const now = Date.now();
        drops = [...drops.filter((at) => now - at < DROP_WINDOW_MS), now];
      } else {
        failedOpens += 1;
      }
      const falling = failedOpens >= FAILED_OPENS_BEFORE_FALLBACK || drops.length >= DROPS_BEFORE_FALLBACK;
      if (falling) {
        setStatus('fallback');
        drops = [];
        failedOpens = 0;
        await sleep(FALLBACK_RETRY_MS * (0.75 + random() / 2), signal);
        continue;
      }
      if (status !== 'fallback') setStatus(opened ? 'reconnecting' : 'connecting');
      const attempt = Math.max(failedOpens, 1);
      const delay =
        outcome.retryAfterMs ?? Math.min(baseDelayMs * 2 ** (attempt - 1), 30_000) * (0.5 + random() / 2);
      await sleep(delay, signal);
    }
  }

  const readOnce = (signal: AbortSignal) =>
    readStreamOnce({
      signal,
      resumeFrom: lastEventId,
      fetch: fetchImpl,
      gate,
      isIdle: () => listeners.size === 0,
      onLive: () => setStatus('live'),
      onEvent: (event) => {
        channel?.postMessage({ type: 'event', event } satisfies ChannelMessage);
        deliver(event);
      },
    });

  function start() {
    const controller = new AbortController();
    run = controller;
    setStatus('connecting');
    if (locks === null || createChannel === null) {
      leading = true;
      void lead(controller.signal);
      return;
    }
    channel = createChannel(CHANNEL_NAME);
    const ownChannel = channel;
    ownChannel.onmessage = (message: MessageEvent<ChannelMessage>) => {
      const data = message.data;
      if (data.type === 'hello') {
        if (leading) ownChannel.postMessage({ type: 'status', status } satisfies ChannelMessage);
      } else if (!leading && data.type === 'status') {
        if (data.status !== status) {
          status = data.status;
          for (const listener of [...statusListeners]) listener(data.status);
        }
      } else if (!leading && data.type === 'event') {
        deliver(data.event);
      }
    };
    ownChannel.postMessage({ type: 'hello' } satisfies ChannelMessage);
    locks
      .request(LOCK_NAME, { signal: controller.signal }, async () => {
        leading = true;
        try {
          await lead(controller.signal);
        } finally {
          leading = false;
        }
      })
      .catch(() => undefined);
  }

  function stop() {
    run?.abort();
    run = null;
    channel?.close();
    channel = null;
    leading = false;
    status = 'connecting';
  }

  return {
    close: () => {
      clearTimeout(lingerTimer);
      listeners.clear();
      stop();
    },
    getStatus: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    subscribe(listener) {
      clearTimeout(lingerTimer);
      listeners.add(listener);
      if (run === null) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearTimeout(lingerTimer);
        lingerTimer = setTimeout(() => {
          if (listeners.size === 0) stop();
        }, LINGER_MS);
      };
    },
  };
}

/** The app's hub. */
export const liveStreamClient = createLiveStreamClient();
