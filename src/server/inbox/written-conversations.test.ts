import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { conversationSchema, type Conversation } from '../../schemas/conversation.ts';
import { createLogger } from '../log/logger.ts';
import { MemoryEventLog } from '../live/event-log.ts';
import { createUpstreamClient, type UpstreamClient } from '../store-api/upstream-client.ts';
import {
  apiWrite,
  liveAppsPerTest,
  readInbox,
  shopperWrites,
  streamWithReadyInbox,
  until,
} from '../testing/live-test-kit.ts';
import { replicasOnOneRedis } from '../testing/replicas-on-redis.ts';
import type { ParsedEvent } from '../testing/sse-reader.ts';
import { signInAs, type TestApp } from '../testing/test-app.ts';
import { captureLogs } from '../testing/logged-lines.ts';
import { EMPTY_FOLD } from './read-model.ts';
import { MemoryReadModelStore } from './read-model-store.ts';
import { applyWrittenConversation } from './written-conversations.ts';

// A write relayed to the store is the inbox's at once (docs/architecture.md), in one process and on replicas.
const replicas = replicasOnOneRedis('written-test:');
const liveApp = liveAppsPerTest(replicas.simulator);

/**
 * The store through a gate that the feed's listings (its walk, the newest page's check) wait at while it
 * is held: with the feed waiting there, only the write itself can bring its change to the model.
 */
function feedGate(): { upstream: UpstreamClient; hold: () => void; open: () => void; waiting: () => number } {
  const store = createUpstreamClient({ baseUrl: replicas.simulator.url, timeoutMs: 2000 });
  let opened = Promise.resolve();
  let open = () => {};
  let waiting = 0;
  return {
    upstream: {
      baseUrl: store.baseUrl,
      close: () => store.close(),
      send: async (request) => {
        if (request.method === 'GET' && request.target.startsWith('/api/v1/agent-conversations?')) {
          waiting += 1;
          await opened;
          waiting -= 1;
        }
        return store.send(request);
      },
    },
    hold: () => {
      opened = new Promise((resolve) => (open = resolve));
    },
    open: () => open(),
    waiting: () => waiting,
  };
}

const conversationEvent = (id: string) => (event: ParsedEvent) =>
  event.event === 'conversation' && (event.data as { id?: string }).id === id;

const TAKE_OVER = { status: 'active', handoff_state: 'human', assigned_to: 'usr_staff1' };

/** A shopper's new conversation with the bot, once the reader's stream carried it (the feed's step ended). */
async function newConversation(stream: { next: (p: (e: ParsedEvent) => boolean) => Promise<ParsedEvent> }) {
  const email = `written.${randomUUID().slice(0, 8)}@example.com`;
  const { conversation } = await shopperWrites(replicas.simulator.url, { content: 'Hello', email });
  await stream.next(conversationEvent(conversation.id));
  return { id: conversation.id, query: `?q=${encodeURIComponent(email)}` };
}

async function takeOver(app: TestApp, cookie: string, id: string): Promise<Conversation> {
  const answer = await apiWrite(app, cookie, 'PUT', `/agent-conversations/${id}`, TAKE_OVER);
  expect(answer.status).toBe(200);
  return conversationSchema.parse(((await answer.json()) as { data: unknown }).data);
}

describe('a conversation written through the BFF', () => {
  it('is in the inbox and published when the answer returns, before any feed step; the feed adds nothing', async () => {
    const gate = feedGate();
    const { app } = await liveApp({}, { deps: { upstream: gate.upstream } });
    const staff = await signInAs(app, 'staff@example.com');
    const stream = await streamWithReadyInbox(app, staff);
    const { id, query } = await newConversation(stream);
    expect((await readInbox(app, staff, query)).data[0]?.conversation.handoff_state).toBe('bot');

    gate.hold();
    await until(
      () => Promise.resolve(gate.waiting()),
      (waiting) => waiting > 0,
      'the feed to wait',
    );
    const seen = stream.events.length;
    const written = await takeOver(app, staff, id);
    expect((await readInbox(app, staff, query)).data[0]?.conversation).toEqual(written);
    const published = await stream.next(conversationEvent(id));
    expect(published.data).toMatchObject(TAKE_OVER);

    // The feed walks again and sees the same version: nothing new goes out, and the row stays as written.
    gate.open();
    const later = await newConversation(stream);
    expect(stream.events.slice(seen).filter(conversationEvent(id))).toEqual([published]);
    expect((await readInbox(app, staff, query)).data[0]?.conversation).toEqual(written);
    expect((await readInbox(app, staff, later.query)).data).toHaveLength(1);
  });

  it('on replicas: the one that relayed it serves it at once, and the reading one from its event', async () => {
    const gate = feedGate();
    // A reads the store (its stream runs the feed); B, with no dashboard of its own, relays the write.
    const a = await replicas.replica(undefined, { upstream: gate.upstream });
    const b = await replicas.replica();
    const staff = await signInAs(a.app, 'staff@example.com');
    const stream = await replicas.stream(a.app, staff);
    await until(
      () => readInbox(a.app, staff),
      (answer) => answer.listed,
      'the store listed',
    );
    const { id, query } = await newConversation(stream);

    gate.hold();
    await until(
      () => Promise.resolve(gate.waiting()),
      (waiting) => waiting > 0,
      'the feed to wait',
    );
    const seen = stream.events.length;
    const written = await takeOver(b.app, staff, id);
    expect((await readInbox(b.app, staff, query)).data[0]?.conversation).toEqual(written);
    const published = await stream.next(conversationEvent(id));
    expect(published.data).toMatchObject(TAKE_OVER);
    expect((await readInbox(a.app, staff, query)).data[0]?.conversation).toEqual(written);

    gate.open();
    await newConversation(stream);
    expect(stream.events.slice(seen).filter(conversationEvent(id))).toEqual([published]);
    expect((await readInbox(a.app, staff, query)).data[0]?.conversation).toEqual(written);
  });
});

describe('applying a written conversation', () => {
  it('never fails the write: a model that cannot take it is logged, and nothing is published', async () => {
    const before: Conversation = {
      id: 'conv_a',
      assigned_to: null,
      channel: 'website',
      created_at: '2026-11-23T09:00:00.000Z',
      updated_at: '2026-11-23T10:00:00.000Z',
      currency: 'EUR',
      customer_id: null,
      display_name: 'Kari',
      email: null,
      handoff_state: 'bot',
      status: 'active',
    };
    const model = new MemoryReadModelStore();
    await model.put({ conversation: before, fold: EMPTY_FOLD, read: true });
    vi.spyOn(model, 'put').mockRejectedValue(new Error('the shared state cannot be reached'));
    const log = new MemoryEventLog();
    const logs = captureLogs();
    const apply = applyWrittenConversation(model, log, createLogger('info', logs));
    const head = await log.headId();

    await apply({ ...before, handoff_state: 'human', updated_at: '2026-11-23T10:05:00.000Z' });
    expect(logs.lines.join('')).toContain('applying a written conversation to the inbox failed');
    expect(await log.readSince(head)).toEqual([]);
    expect((await model.get('conv_a'))?.conversation).toEqual(before);
  });
});
