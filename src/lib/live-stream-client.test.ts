import { afterEach, describe, expect, it } from 'vitest';
import { createLiveStreamClient, type LiveStreamClient, type LiveStatus } from './live-stream-client';
import type { HubEvent } from './live-stream-reader';

/** A one-process stand-in for the Web Locks API: requests queue, one holder at a time. */
function fakeLocks() {
  type Entry = { callback: () => Promise<void>; resolve: () => void; reject: (error: unknown) => void };
  const queue: Entry[] = [];
  let held = false;
  const next = () => {
    if (held) return;
    const entry = queue.shift();
    if (!entry) return;
    held = true;
    void entry.callback().finally(() => {
      held = false;
      entry.resolve();
      next();
    });
  };
  return {
    request(_name: string, { signal }: { signal: AbortSignal }, callback: () => Promise<void>) {
      return new Promise<void>((resolve, reject) => {
        const entry = { callback, resolve, reject };
        queue.push(entry);
        signal.addEventListener('abort', () => {
          const index = queue.indexOf(entry);
          if (index === -1) return;
          queue.splice(index, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
        next();
      });
    },
  };
}

/** GET /bff/events as a real SSE body: `ready` on connect, replay after Last-Event-ID, push and cut. */
function fakeEventsServer() {
  const encoder = new TextEncoder();
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const sent: { id: number; text: string }[] = [];
  const connects: (string | null)[] = [];
  let sequence = 0;
  let refuse = false;
  const fetch = (_url: RequestInfo | URL, init?: RequestInit) => {
    const lastEventId = new Headers(init?.headers).get('last-event-id');
    connects.push(lastEventId);
    if (refuse) {
      return Promise.resolve(
        Response.json({ error: { code: 'unavailable', message: 'No.' } }, { status: 503 }),
      );
    }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        open.add(controller);
        const from = lastEventId === null ? sequence : Number(lastEventId);
        for (const event of sent) if (event.id > from) controller.enqueue(encoder.encode(event.text));
        controller.enqueue(encoder.encode(`id: ${sequence}\nevent: ready\ndata: {}\n\n`));
        // As a real fetch does: aborting the request errors its body.
        init?.signal?.addEventListener('abort', () => {
          open.delete(controller);
          controller.error(new DOMException('aborted', 'AbortError'));
        });
      },
    });
    return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
  };
  return {
    fetch: fetch,
    connects,
    openStreams: () => open.size,
    refuse: () => (refuse = true),
    emit(data: unknown) {
      sequence += 1;
      const text = `id: ${sequence}\nevent: config\ndata: ${JSON.stringify(data)}\n\n`;
      sent.push({ id: sequence, text });
      for (const controller of open) controller.enqueue(encoder.encode(text));
    },
  };
}

const hubs: LiveStreamClient[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});

function tab(server: ReturnType<typeof fakeEventsServer>, locks: ReturnType<typeof fakeLocks> | null) {
  const hub = createLiveStreamClient({
    fetch: server.fetch,
    locks,
    createChannel: locks === null ? null : (name) => new BroadcastChannel(name),
    baseDelayMs: 1,
  });
  hubs.push(hub);
  const events: HubEvent[] = [];
  const statuses: LiveStatus[] = [];
  hub.onStatus((status) => statuses.push(status));
  const unsubscribe = hub.subscribe((event) => events.push(event));
  return { hub, events, statuses, unsubscribe };
}

const until = async (check: () => boolean, what: string) => {
  for (let tries = 0; tries < 200 && !check(); tries += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check(), what).toBe(true);
};

describe('createLiveStreamClient', () => {
  it('reads one stream for every tab, fans its events out, and hands it over when the leader leaves', async () => {
    const server = fakeEventsServer();
    const locks = fakeLocks();
    const first = tab(server, locks);
    await until(() => first.hub.getStatus() === 'live', 'step 1');
    const second = tab(server, locks);
    await until(() => second.hub.getStatus() === 'live', 'step 2');

    server.emit({ updated_at: '2026-11-23T10:00:00Z' });
    await until(() => second.events.some((event) => event.name === 'config'), 'step 3');
    expect(first.events.filter((event) => event.name === 'config')).toHaveLength(1);
    expect(server.connects).toEqual([null]);

    first.hub.close();
    await until(() => server.connects.length === 2, 'step 4');
    // The new leader resumes from the last event it heard through the channel.
    expect(server.connects[1]).toBe('1');
    await until(() => second.hub.getStatus() === 'live', 'step 5');
    server.emit({ updated_at: '2026-11-23T10:01:00Z' });
    await until(() => second.events.filter((event) => event.name === 'config').length === 2, 'step 6');
  });

  it('falls back when the stream cannot be opened, and says so', async () => {
    const server = fakeEventsServer();
    server.refuse();
    const only = tab(server, null);
    await until(() => only.hub.getStatus() === 'fallback', 'step 7');
    expect(server.connects.length).toBe(3);
    expect(only.statuses).toContain('fallback');
  });
});
