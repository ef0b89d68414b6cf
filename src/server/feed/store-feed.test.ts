import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../schemas/conversation.ts';
import type { LiveEvent } from '../../schemas/live.ts';
import type { UpstreamClient, UpstreamRequest } from '../store-api/upstream-client.ts';
import { MemoryEventLog } from '../live/event-log.ts';
import { DEFAULT_FEED_TIMING } from './pacing.ts';
import { MemoryPresenceStore } from '../live/presence.ts';
import { MemoryReadModelStore } from '../inbox/read-model-store.ts';
import { CHECK_TIGHT_EVERY_MS } from './read-model-updater.ts';
import { testFeed } from '../testing/test-feed.ts';

interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const STORE_NOW = 'Mon, 23 Nov 2026 10:00:00 GMT';
const HEALTHY = { 'ratelimit-limit': '120', 'ratelimit-remaining': '110', 'ratelimit-reset': '50' };

/** An upstream that answers from a script and records what the feed sent. */
function scriptedUpstream(answer: (target: string) => Answer) {
  const requests: UpstreamRequest[] = [];
  const client: UpstreamClient = {
    baseUrl: 'http://store.test',
    close: () => undefined,
    send: (request) => {
      requests.push(request);
      const { status = 200, body = {}, headers = {} } = answer(request.target);
      return Promise.resolve({
        kind: 'response',
        status,
        headers: { 'content-type': 'application/json', date: STORE_NOW, ...HEALTHY, ...headers },
        body: Buffer.from(JSON.stringify(body)),
      });
    },
  };
  return { client, requests };
}

const conversation = (id: string, updatedAt: string): Conversation => ({
  id,
  assigned_to: null,
  channel: 'website',
  created_at: '2026-11-23T09:00:00.000Z',
  updated_at: updatedAt,
  currency: 'EUR',
  customer_id: null,
  display_name: 'Kari',
  email: null,
  handoff_state: 'human',
  status: 'active',
});

const page = (items: unknown[], next?: string) => ({
  data: items,
  page: { has_more: next !== undefined, next_cursor: next ?? null },
});

/** The read model's first pass lists the store without `updated_after`: an empty store unless a test says. */
const isFirstPassListing = (target: string) =>
  /^\/api\/v1\/agent-conversations\?/.test(target) && !target.includes('updated_after');

function feedWith(answer: (target: string) => Answer, presence = new MemoryPresenceStore()) {
  const upstream = scriptedUpstream((target) =>
    isFirstPassListing(target) ? { body: page([]) } : answer(target),
  );
  const log = new MemoryEventLog();
  const events: LiveEvent[] = [];
  log.subscribe((event) => events.push(event));
  const feed = testFeed({
    upstream: upstream.client,
    log,
    presence,
    now: () => Date.parse('2026-11-23T10:00:00Z'),
  });
  return { feed, events, requests: upstream.requests, presence };
}

const config = { data: { updated_at: null } };
const queryOf = (target: string) => new URL(target, 'http://x').searchParams;

describe('the store feed', () => {
  it('walks from its own watermark: ties and mid-walk changes once per version, never a write', async () => {
    const t1 = '2026-11-23T09:59:40.000Z';
    const t2 = '2026-11-23T09:59:50.000Z';
    const t3 = '2026-11-23T09:59:55.000Z';
    const walks: Record<string, unknown>[] = [
      // First walk, two pages; conv_a changes while it runs and comes back at the end.
      {
        '': page([conversation('conv_a', t1), conversation('conv_b', t2)], 'c1'),
        c1: page([conversation('conv_c', t2), conversation('conv_a', t3)]),
      },
      // At-or-after the watermark: conv_a comes back unchanged (a tie) next to conv_d, new at the same instant.
      { '': page([conversation('conv_a', t3), conversation('conv_d', t3)]) },
      { '': page([conversation('conv_a', t3), conversation('conv_d', t3)]) },
    ];
    let walk = -1;
    const { feed, events, requests } = feedWith((target) => {
      if (target.startsWith('/api/v1/agent-config')) return { body: config };
      if (target.includes('/messages')) return { body: page([]) };
      const after = queryOf(target).get('after') ?? '';
      if (after === '') walk += 1;
      return { body: walks[walk]![after] };
    });

    await feed.step();
    const lists = requests.filter((r) => r.target.startsWith('/api/v1/agent-conversations'));
    // The first watermark comes from the store's clock (its Date header), not from any browser.
    expect(queryOf(lists[0]!.target).get('updated_after')).toBe('2026-11-23T09:59:30.000Z');
    expect(queryOf(lists[1]!.target).get('after')).toBe('c1');
    expect(queryOf(lists[1]!.target).get('updated_after')).toBe('2026-11-23T09:59:30.000Z');
    const seen = () =>
      events.filter((e) => e.name === 'conversation').map((e) => `${e.data.id}@${e.data.updated_at}`);
    // Events go out at the end of the step (after the tails were read): conv_a once, at its newest version.
    expect(seen()).toEqual([`conv_a@${t3}`, `conv_b@${t2}`, `conv_c@${t2}`]);

    await feed.step();
    const walks2 = requests.filter((r) => queryOf(r.target).has('updated_after'));
    expect(queryOf(walks2.at(-1)!.target).get('updated_after')).toBe(t3);
    expect(seen().slice(3)).toEqual([`conv_d@${t3}`]);

    await feed.step();
    expect(seen()).toHaveLength(4);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(requests.every((r) => r.method === 'GET')).toBe(true);
    expect(requests.every((r) => r.headers.authorization === 'Bearer sk_test_demo_owner')).toBe(true);
  });

  it('waits Retry-After plus jitter on 429, then goes back to its pace', async () => {
    let throttle = true;
    const { feed, requests } = feedWith((target) => {
      if (target.startsWith('/api/v1/agent-config')) return { body: config };
      if (throttle)
        return {
          status: 429,
          body: { error: { code: 'rate_limited', message: 'slow down' } },
          headers: { 'retry-after': '7', 'ratelimit-remaining': '0' },
        };
      return { body: page([]) };
    });
    const wait = await feed.step();
    expect(wait).toBeGreaterThanOrEqual(7000);
    expect(wait).toBeLessThan(8000);
    // The step stopped at the refusal: nothing else was sent after it.
    expect(requests.at(-1)!.target).toMatch(/^\/api\/v1\/agent-conversations\?/);
    throttle = false;
    await feed.step(); // the read model's first pass (one more listing) ends here
    // A real store's 120 a minute and nothing changed: a quiet walk's pace.
    expect(await feed.step()).toBe(DEFAULT_FEED_TIMING.quietMs);
  });

  it('slows down as RateLimit-Remaining falls and waits for the reset when only the reserve is left', async () => {
    let remaining = 110;
    const { feed } = feedWith((target) => ({
      body: target.startsWith('/api/v1/agent-config') ? config : page([]),
      headers: { 'ratelimit-remaining': String(remaining), 'ratelimit-reset': '20' },
    }));
    await feed.step(); // the first step also reads the config and lists the store (read model's first pass)
    const healthy = await feed.step();
    remaining = 40;
    const low = await feed.step();
    // 120 a window, a quarter kept for the dashboards' own requests: 20 left is nothing to spend.
    remaining = 20;
    const exhausted = await feed.step();
    expect(healthy).toBe(DEFAULT_FEED_TIMING.fastMs);
    expect(low).toBeGreaterThan(healthy);
    expect(exhausted).toBeGreaterThanOrEqual(20_000);
    expect(exhausted).toBeLessThan(21_000);
  });

  it('tails watched conversations from the cursor of their last page and reports new and re-rated messages', async () => {
    const message = (id: string, createdAt: string, rating: number | null = null) => ({
      id,
      conversation_id: 'conv_w',
      content: 'text',
      created_at: createdAt,
      role: 'assistant',
      author_user_id: null,
      rating,
    });
    const old = message('msg_old', '2026-11-23T08:00:00.000Z');
    let tail: unknown[] = [message('msg_1', '2026-11-23T08:10:00.000Z')];
    let updatedAt = '2026-11-23T09:59:50.000Z';
    const { feed, events, requests, presence } = feedWith((target) => {
      if (target.startsWith('/api/v1/agent-config')) return { body: config };
      if (target.startsWith('/api/v1/agent-conversations/conv_w/messages')) {
        return { body: queryOf(target).get('after') === 'p2' ? page(tail) : page([old], 'p2') };
      }
      return { body: page([conversation('conv_w', updatedAt)]) };
    });
    await presence.heartbeat(
      {
        sessionKey: 's1',
        tabId: 't1',
        userId: 'usr_staff1',
        name: 'Sam Rivera',
        conversationId: 'conv_w',
        state: 'viewing',
      },
      0,
    );
    const messages = () =>
      events
        .filter((e) => e.name === 'message')
        .map((e) => (e.data as { message: { id: string; rating: number | null } }).message);

    await feed.step();
    // The first read finds the tail without reporting what the dashboard loaded itself.
    expect(messages()).toEqual([]);
    const tailReads = () => requests.filter((r) => r.target.includes('/messages'));
    expect(tailReads().map((r) => queryOf(r.target).get('after'))).toEqual([null, 'p2']);

    tail = [message('msg_1', '2026-11-23T08:10:00.000Z', 2), message('msg_2', '2026-11-23T09:59:58.000Z')];
    updatedAt = '2026-11-23T09:59:58.000Z';
    await feed.step();
    expect(tailReads().map((r) => queryOf(r.target).get('after'))).toEqual([null, 'p2', 'p2']);
    expect(messages().map((m) => [m.id, m.rating])).toEqual([
      ['msg_1', 2],
      ['msg_2', null],
    ]);

    // Unchanged updated_at and not yet time for the slow refresh: no tail read.
    await feed.step();
    expect(tailReads()).toHaveLength(3);
  });

  it('counts a handoff written while it notices a restored store as a handoff', async () => {
    // A clock that moves a millisecond at every look, as a real one does between the feed's reads.
    let clock = Date.parse('2026-11-23T10:00:00Z');
    const now = () => (clock += 1);
    const old = { ...conversation('conv_old', '2026-11-23T09:59:00.000Z'), handoff_state: 'bot' as const };
    let restored = false;
    let handoff: Conversation | undefined;
    const answer = (target: string): Answer => {
      if (target.startsWith('/api/v1/agent-config')) return { body: config };
      if (target.includes('/messages')) return { body: page([]) };
      if (queryOf(target).has('updated_after')) {
        if (!restored) return { body: page([old]) };
        // The store was restored, and a shopper is handed over just after this walk read it.
        handoff ??= {
          ...conversation('conv_new', new Date(clock).toISOString()),
          created_at: new Date(clock).toISOString(),
        };
        return { body: page([]) };
      }
      return { body: page(restored ? (handoff ? [handoff] : []) : [old]) };
    };
    const readModel = new MemoryReadModelStore();
    const upstream = scriptedUpstream(answer);
    const feed = testFeed({
      upstream: upstream.client,
      readModel,
      now,
    });
    while ((await readModel.stage()) !== 'ready') await feed.step();

    restored = true;
    // Under a real store's 120 a minute the newest page is checked seldom.
    clock += CHECK_TIGHT_EVERY_MS;
    await feed.step();
    expect(await readModel.get('conv_old')).toBeUndefined();
    expect((await readModel.get('conv_new'))?.handedOverAt).toBe(handoff!.updated_at);
  });

  it('stops after the step in flight, which gives its changes to the model before stop() resolves', async () => {
    const upstream = scriptedUpstream((target) => {
      if (target.startsWith('/api/v1/agent-config')) return { body: config };
      if (target.includes('/messages')) return { body: page([]) };
      if (queryOf(target).has('updated_after'))
        return { body: page([conversation('conv_late', '2026-11-23T09:59:50.000Z')]) };
      return { body: page([]) };
    });
    // The walk's answer is held back until the test lets it through: a shutdown arrives meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let walkAsked = () => {};
    const walking = new Promise<void>((resolve) => (walkAsked = resolve));
    const readModel = new MemoryReadModelStore();
    const feed = testFeed({
      upstream: {
        ...upstream.client,
        send: async (request) => {
          if (queryOf(request.target).has('updated_after')) {
            walkAsked();
            await held;
          }
          return upstream.client.send(request);
        },
      },
      readModel,
      now: () => Date.parse('2026-11-23T10:00:00Z'),
    });

    feed.start();
    await walking;
    let stopped = false;
    const stopping = feed.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);

    release();
    await stopping;
    expect((await readModel.get('conv_late'))?.conversation.updated_at).toBe('2026-11-23T09:59:50.000Z');
  });
});
