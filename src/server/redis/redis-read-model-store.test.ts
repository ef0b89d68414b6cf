import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../schemas/conversation.ts';
import { EMPTY_FOLD, type ReadModelRecord } from '../inbox/read-model.ts';
import { MemoryReadModelStore, type ReadModelStore } from '../inbox/read-model-store.ts';
import { MemoryEventLog } from '../live/event-log.ts';
import { expiringOnChanges, RedisReadModelStore } from './redis-read-model-store.ts';
import { keySpace, testRedisPerFile } from './test-redis-per-file.ts';

const redis = testRedisPerFile();

const record = (id: string, updatedAt = '2026-11-23T10:00:00.000Z'): ReadModelRecord => ({
  conversation: {
    id,
    status: 'active',
    handoff_state: 'human',
    created_at: '2026-11-23T09:00:00.000Z',
    updated_at: updatedAt,
  } as unknown as Conversation,
  fold: EMPTY_FOLD,
  read: true,
});

/** How often this Redis ran a command (INFO commandstats): what a replica costs, observed from Redis. */
async function calls(command: string): Promise<number> {
  const info = await redis.client.info('commandstats');
  const match = new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(info);
  return match ? Number(match[1]) : 0;
}

const ids = async (store: ReadModelStore) => (await store.all()).map((r) => r.conversation.id).sort();

describe.each([
  ['memory', () => new MemoryReadModelStore()],
  ['Redis', () => new RedisReadModelStore({ client: redis.client, key: keySpace('model-test') })],
] as [string, () => ReadModelStore][])('%s read model store', (_name, create) => {
  it('keeps, replaces and deletes records, and says when it is ready', async () => {
    const store = create();
    expect(await store.stage()).toBe('listing');
    await store.put(record('conv_a'));
    await store.put(record('conv_b'));
    await store.put(record('conv_a', '2026-11-23T11:00:00.000Z'));
    await store.delete('conv_b');
    await store.setStage('ready');
    expect(await ids(store)).toEqual(['conv_a']);
    expect((await store.get('conv_a'))?.conversation.updated_at).toBe('2026-11-23T11:00:00.000Z');
    expect(await store.get('conv_b')).toBeUndefined();
    expect(await store.stage()).toBe('ready');
  });
});

/** Two replicas' stores of one model (a fresh key space) on a clock the test moves. */
function twoReplicas() {
  const key = keySpace('model-test');
  const clock = { now: 0 };
  const store = () => new RedisReadModelStore({ client: redis.client, key, now: () => clock.now });
  return { clock, stores: [store(), store()] as const };
}

describe('the Redis read model across replicas', () => {
  it('serves the writer’s model on another replica, reloading once per change, at most once per interval', async () => {
    const {
      clock,
      stores: [writer, reader],
    } = twoReplicas();
    await writer.takeOver();
    await writer.put(record('conv_a'));
    await writer.setStage('ready');
    expect(await ids(reader)).toEqual(['conv_a']);
    expect(await reader.stage()).toBe('ready');

    // The writer never reloads what it wrote itself.
    const loads = await calls('hgetall');
    await writer.put(record('conv_b'));
    await writer.delete('conv_a');
    clock.now += 5000;
    expect(await ids(writer)).toEqual(['conv_b']);
    expect(await calls('hgetall')).toBe(loads);

    // The reader: one load for a burst of requests after the change, none while nothing changes.
    const requests = await Promise.all(Array.from({ length: 20 }, () => reader.all()));
    expect(requests.every((rows) => rows.map((r) => r.conversation.id).join() === 'conv_b')).toBe(true);
    expect(await calls('hgetall')).toBe(loads + 1);
    const checks = await calls('mget');
    await Promise.all(Array.from({ length: 20 }, () => reader.get('conv_b')));
    clock.now += 5000;
    await Promise.all(Array.from({ length: 20 }, () => reader.get('conv_b')));
    expect(await calls('hgetall')).toBe(loads + 1);
    // At most one version check per interval, whatever the number of requests.
    expect(await calls('mget')).toBe(checks + 1);

    // Within the interval the reader serves its copy; after it, the change.
    await writer.put(record('conv_c'));
    expect(await ids(reader)).toEqual(['conv_b']);
    clock.now += 1000;
    expect(await ids(reader)).toEqual(['conv_b', 'conv_c']);
  });

  it('tells a follower until when the reader vouches for the model, for one check per interval whatever the number of requests', async () => {
    const {
      clock,
      stores: [writer, follower],
    } = twoReplicas();
    await writer.takeOver();
    await writer.setStage('ready');
    await writer.setCurrentUntil(6_000);
    expect(await follower.currentUntil()).toBe(6_000);

    // 50 inbox requests, each asking for the model, its readiness and whether it is current, within an interval.
    const before = { get: await calls('get'), mget: await calls('mget'), multi: await calls('multi') };
    const request = () => Promise.all([follower.all(), follower.stage(), follower.currentUntil()]);
    for (let i = 0; i < 50; i += 1) await request();
    expect(await calls('get')).toBe(before.get);
    expect(await calls('mget')).toBe(before.mget);
    expect(await calls('multi')).toBe(before.multi);

    // The reader's next promise reaches the follower with the next check, one for the next 50 requests.
    await writer.setCurrentUntil(9_000);
    clock.now += 1000;
    for (let i = 0; i < 50; i += 1) await request();
    expect(await follower.currentUntil()).toBe(9_000);
    expect(await calls('mget')).toBe(before.mget + 1);
    expect(await calls('get')).toBe(before.get);
  });

  it('a replica taking the lease over starts from what Redis holds, and the old writer then follows it', async () => {
    const {
      clock,
      stores: [first, second],
    } = twoReplicas();
    await first.takeOver();
    await first.put(record('conv_a'));
    await first.setStage('ready');
    // The second replica saw an older model while it was a reader, then takes over.
    expect(await ids(second)).toEqual(['conv_a']);
    await first.put(record('conv_a', '2026-11-23T11:00:00.000Z'));
    await first.put(record('conv_b'));
    await second.takeOver();
    // No interval passed: without loading first, it would build on its older copy of conv_a.
    expect((await second.get('conv_a'))?.conversation.updated_at).toBe('2026-11-23T11:00:00.000Z');
    await second.put(record('conv_c'));
    expect(await ids(second)).toEqual(['conv_a', 'conv_b', 'conv_c']);
    expect(await second.stage()).toBe('ready');
    clock.now += 1000;
    expect(await ids(first)).toEqual(['conv_a', 'conv_b', 'conv_c']);
  });

  it('a change event reaching a replica makes the read it prompts see the change, within the interval', async () => {
    const {
      stores: [writer, reader],
    } = twoReplicas();
    await writer.takeOver();
    await writer.put(record('conv_a'));
    expect(await ids(reader)).toEqual(['conv_a']);
    await writer.put(record('conv_b'));
    // No event yet: the reader serves its copy for the interval.
    expect(await ids(reader)).toEqual(['conv_a']);

    // The writer publishes after writing; the dashboard that gets the event reads the inbox again.
    const log = expiringOnChanges(new MemoryEventLog(), reader);
    const read = new Promise<string[]>((resolve) => {
      log.subscribe((event) => {
        if (event.name === 'conversation') void ids(reader).then(resolve);
      });
    });
    await log.append('conversation', record('conv_b').conversation);
    expect(await read).toEqual(['conv_a', 'conv_b']);
  });

  it('a write that is not on top of its copy (two writers at once) makes it reload at the next read', async () => {
    const {
      stores: [one, other],
    } = twoReplicas();
    await one.takeOver();
    await other.takeOver();
    await other.put(record('conv_x'));
    await one.put(record('conv_y'));
    // Same instant (no interval passed), yet the store knows its copy is behind.
    expect(await ids(one)).toEqual(['conv_x', 'conv_y']);
  });

  it('answers a read with the outage error while Redis cannot be reached', async () => {
    const broken = new Redis({
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    broken.on('error', () => undefined);
    const store = new RedisReadModelStore({ client: broken, key: keySpace('model-test') });
    await expect(store.all()).rejects.toThrow(/unreachable/);
    broken.disconnect();
  });
});
