import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { shopperWrites } from '../testing/live-test-kit.ts';
import { replicasOnOneRedis } from '../testing/replicas-on-redis.ts';
import { signIn, WRITE_HEADERS } from '../testing/test-app.ts';
import { RedisFeedLease } from '../feed/redis-feed-lease.ts';

const replicas = replicasOnOneRedis('live-test:');
const { stream } = replicas;

/** A replica that counts its store-feed walks (the simulator sees one key for all replicas). */
async function replica() {
  const made = await replicas.replica((request) => request.target.startsWith('/api/v1/agent-conversations?'));
  return { ...made, walks: made.upstreamRequests };
}

async function escalate(content: string): Promise<string> {
  const wrote = await shopperWrites(replicas.simulator.url, {
    content,
    escalate: true,
    display_name: content,
  });
  return wrote.conversation.id;
}

const isConversation = (id: string) => (event: { event: string; data: unknown }) =>
  event.event === 'conversation' &&
  (event.data as { id: string; handoff_state?: string }).id === id &&
  (event.data as { handoff_state?: string }).handoff_state === 'human';

describe('the live feed across replicas (one Redis)', () => {
  it('has one reader for two hubs: an escalation reaches streams on both, presence too', async () => {
    const [a, b] = [await replica(), await replica()];
    const cookie = await signIn(a.app);
    const onA = await stream(a.app, cookie);
    const onB = await stream(b.app, cookie);
    await Promise.all([onA.next((e) => e.event === 'ready'), onB.next((e) => e.event === 'ready')]);
    const id = await escalate('Two replicas');
    const [seenA, seenB] = await Promise.all([onA.next(isConversation(id)), onB.next(isConversation(id))]);
    // The same event, with the same (stream) id, on both replicas.
    expect(seenA.id).toBe(seenB.id);
    expect(seenA.id).toMatch(/^\d+-\d+$/);
    // Exactly one replica walked the store.
    expect([a.walks(), b.walks()].filter((n) => n > 0)).toHaveLength(1);

    // A heartbeat on B shows on A's stream.
    const presence = await b.app.request('/bff/presence', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie },
      body: JSON.stringify({ conversation_id: id, state: 'replying' }),
    });
    expect(presence.status).toBe(204);
    const viewers = await onA.next((e) => e.event === 'presence');
    expect(viewers.data).toMatchObject({
      conversation_id: id,
      viewers: [{ user_id: 'usr_owner', state: 'replying' }],
    });
  });

  it('fails over when the reader stops renewing: the other takes the lease, loses nothing, repeats nothing', async () => {
    const [a, b] = [await replica(), await replica()];
    const cookie = await signIn(a.app);
    const onA = await stream(a.app, cookie);
    await onA.next((e) => e.event === 'ready');
    // A reads (B has no stream, so its feed is not even running).
    await expect.poll(() => a.walks(), { timeout: 3000 }).toBeGreaterThan(0);
    const onB = await stream(b.app, cookie);
    await onB.next((e) => e.event === 'ready');
    const before = await escalate('Before the failover');
    await onB.next(isConversation(before));
    expect(b.walks()).toBe(0);

    // A's Redis connection dies: it can no longer renew (nor release) its lease.
    a.connection.client.disconnect();
    const during = await escalate('During the failover');
    const seen = await onB.next(isConversation(during));
    expect(seen.id).toMatch(/^\d+-\d+$/);
    expect(b.walks()).toBeGreaterThan(0);
    const after = await escalate('After the failover');
    await onB.next(isConversation(after));

    // Nothing twice: no two events on B with the same content (the new reader re-read from the checkpoint).
    const published = onB.events.filter((e) => e.event === 'conversation' || e.event === 'message');
    const contents = published.map((e) => JSON.stringify(e.data));
    expect(new Set(contents).size).toBe(contents.length);
    expect(new Set(published.map((e) => e.id)).size).toBe(published.length);
  });

  it('a reader that stopped and takes the lease back resumes from the checkpoint, not from where it stopped', async () => {
    const walksFrom: string[] = [];
    const a = await replicas.replica((request) => {
      const from = new URL(request.target, 'http://store').searchParams.get('updated_after');
      if (from !== null) walksFrom.push(from);
      return false;
    });
    const b = await replica();
    const cookie = await signIn(a.app);
    const onA = await stream(a.app, cookie);
    await onA.next(isConversation(await escalate('While A reads')));
    // A's last dashboard leaves: its feed stops and lets go of the lease; B's dashboard makes B the reader.
    await onA.cancel();
    const onB = await stream(b.app, cookie);
    const wrote = await shopperWrites(replicas.simulator.url, {
      content: 'While B reads',
      escalate: true,
      display_name: 'While B reads',
    });
    await onB.next(isConversation(wrote.conversation.id));
    await expect.poll(() => b.walks(), { timeout: 3000 }).toBeGreaterThan(0);

    // B's dashboard leaves and A's comes back: A reads again, from where B got to.
    await onB.cancel();
    await expect.poll(() => replicas.redis.client.exists('live-test:live:reader'), { timeout: 3000 }).toBe(0);
    walksFrom.length = 0;
    const again = await stream(a.app, cookie);
    await again.next((e) => e.event === 'ready');
    await expect.poll(() => walksFrom.length, { timeout: 3000 }).toBeGreaterThan(0);
    expect(walksFrom.every((from) => Date.parse(from) >= Date.parse(wrote.conversation.updated_at))).toBe(
      true,
    );
  });

  it('replays by id on another replica: Last-Event-ID from A resumes on B', async () => {
    const [a, b] = [await replica(), await replica()];
    const cookie = await signIn(a.app);
    const onA = await stream(a.app, cookie);
    const ready = await onA.next((e) => e.event === 'ready');
    const id = await escalate('Missed on B');
    const missed = await onA.next(isConversation(id));
    await onA.cancel();

    const onB = await stream(b.app, cookie, ready.id);
    const replayed = await onB.next(isConversation(id));
    expect(replayed.id).toBe(missed.id);
    const resumed = await onB.next((e) => e.event === 'ready');
    expect(onB.events.some((e) => e.event === 'resync')).toBe(false);
    // Resuming from the last event replays nothing; an id from elsewhere asks for a resync.
    const fromHead = await stream(b.app, cookie, resumed.id);
    expect((await fromHead.next()).event).toBe('ready');
    const unknown = await stream(b.app, cookie, '99999999999999-0');
    expect((await unknown.next()).event).toBe('resync');
  });

  it('the lease: one holder at a time, renewed while held, taken over once the holder stops renewing', async () => {
    const key = (name: string) => `lease-test:${name}`;
    const firstClient = new Redis(replicas.redis.server.url);
    const first = new RedisFeedLease({ client: firstClient, key, owner: 'first', ttlMs: 300 });
    const second = new RedisFeedLease({ client: replicas.redis.client, key, owner: 'second', ttlMs: 300 });
    expect(await first.acquire()).toBe(true);
    expect(await second.acquire()).toBe(false);
    // Held well past its TTL without a step asking (a slow step): the holder renews in the background.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await second.acquire()).toBe(false);
    // A release by someone else frees nothing.
    await second.release();
    expect(await second.acquire()).toBe(false);
    // The holder loses Redis (or dies): it stops renewing, the lease lapses and the other takes it.
    firstClient.disconnect();
    await expect.poll(() => second.acquire(), { timeout: 2000, interval: 50 }).toBe(true);
    expect(await first.acquire()).toBe(false);
    // A clean release hands it over at once.
    const third = new RedisFeedLease({ client: replicas.redis.client, key, owner: 'third', ttlMs: 300 });
    expect(await third.acquire()).toBe(false);
    await second.release();
    expect(await third.acquire()).toBe(true);
    await third.release();
  });
});
