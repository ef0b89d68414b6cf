import { randomUUID } from 'node:crypto';
import { afterEach, expect } from 'vitest';
import { inboxResponseSchema, type InboxResponse } from '../../schemas/inbox.ts';
import type { AppDeps } from '../app.ts';
import type { LiveHubOptions } from '../live/live-hub.ts';
import { sseReader } from './sse-reader.ts';
import { buildTestApp, manualClock, READ_HEADERS, WRITE_HEADERS, type TestApp } from './test-app.ts';

/*
 * What the live hub's and the inbox's Vitest files share: apps on a simulator (simulatorServerPer) whose
 * hub is closed after each test, the inbox read and written through the BFF, and the simulator's shopper
 * side.
 */

type ManualClock = ReturnType<typeof manualClock>;

/** Apps on a simulator with short live timings; each test's apps stop their hub after it. */
export function liveAppsPerTest(simulator: { readonly url: string }) {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.liveHub.close()));
  });
  return async function liveApp(
    options: Partial<LiveHubOptions> = {},
    { clock = manualClock(Date.now()), deps = {} }: { clock?: ManualClock; deps?: Partial<AppDeps> } = {},
  ) {
    const { app } = await buildTestApp({
      upstreamUrl: simulator.url,
      now: clock.now,
      deps: {
        ...deps,
        live: { options: { heartbeatMs: 20, presenceSweepMs: 20, ...options }, feedTiming: { fastMs: 20 } },
      },
    });
    apps.push(app);
    return { app, clock };
  };
}

/** GET /bff/events as the dashboard opens it (with Last-Event-ID when resuming). */
export const openStream = (app: TestApp, cookie: string, lastEventId?: string) =>
  app.request('/bff/events', {
    headers: { ...READ_HEADERS, cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  });

/** Resolves once the server ended the stream; rejects if it is still open a second later. */
export async function endsWithinASecond(stream: { ended: () => Promise<true> }): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the stream was still open after a second')), 1000);
  });
  await Promise.race([stream.ended(), late]).finally(() => clearTimeout(timer));
}

/** A stream that has said `ready` (it is registered with the hub, and live events reach it from here on). */
export async function readyStream(app: TestApp, cookie: string) {
  const stream = sseReader(await openStream(app, cookie));
  await stream.next((e) => e.event === 'ready');
  return stream;
}

export async function readInbox(app: TestApp, cookie: string, query = ''): Promise<InboxResponse> {
  const response = await app.request(`/bff/inbox${query}`, { headers: { ...READ_HEADERS, cookie } });
  expect(response.status).toBe(200);
  return inboxResponseSchema.parse(await response.json());
}

/** A dashboard's write through the BFF's /api proxy, with a fresh Idempotency-Key as the SPA sends it. */
export const apiWrite = (app: TestApp, cookie: string, method: 'PUT' | 'POST', path: string, body: unknown) =>
  app.request(`/api/v1${path}`, {
    method,
    headers: { ...WRITE_HEADERS, cookie, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });

/** Polls (the BFFs only, never upstream) until `check` holds; the error shows the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the inbox's model has finished its first pass (a stream must be open: it runs the feed). */
export const firstPassDone = (app: TestApp, cookie: string) =>
  until(
    () => readInbox(app, cookie),
    (answer) => answer.ready,
    'the first pass',
  );

/** A dashboard connects (which starts the feed) and waits until the model's first pass is ready. */
export async function streamWithReadyInbox(app: TestApp, cookie: string) {
  const stream = sseReader(await openStream(app, cookie));
  await firstPassDone(app, cookie);
  return stream;
}

/** Ids of conversations the read model holds (presence is refused for others once it is ready). */
export async function knownConversationIds(app: TestApp, cookie: string): Promise<string[]> {
  const answer = await firstPassDone(app, cookie);
  return answer.data.map((row) => row.conversation.id);
}

export async function simulatorPost(simulatorUrl: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${simulatorUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return response.status === 204 ? undefined : ((await response.json()) as { data: unknown }).data;
}

export interface ShopperWrote {
  conversation: { id: string; updated_at: string };
  message: { id: string; created_at: string };
}

/** A shopper writes through the simulator's control plane (a new conversation, or `conversation_id`). */
export const shopperWrites = (simulatorUrl: string, body: Record<string, unknown>) =>
  simulatorPost(simulatorUrl, '/__sim/shopper-messages', body) as Promise<ShopperWrote>;
