import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../schemas/conversation.ts';
import { EMPTY_FOLD, type ReadModelRecord } from './read-model.ts';
import { MemoryReadModelStore, type ReadModelStore } from './read-model-store.ts';
import { MemoryEventLog } from '../live/event-log.ts';
import { expiringOnChanges } from './expiring-on-changes.ts';
import { RedisReadModelStore } from './redis-read-model-store.ts';
import { keySpace, testRedisPerFile } from '../testing/test-redis-per-file.ts';

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
  return { clock, key, stores: [store(), store()] as const };
}

describe('the Redis read model across replicas', () => {
  it('serves the writer’s model on another replica, reading the changes once per change, at most once per interval', async () => {
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
    const changeReads = await calls('hmget');
    await writer.put(record('conv_b'));
    await writer.delete('conv_a');
    clock.now += 5000;
    expect(await ids(writer)).toEqual(['conv_b']);
    expect(await calls('hgetall')).toBe(loads);
    expect(await calls('hmget')).toBe(changeReads);

    // The reader: one read of the changed records for a burst of requests after the change, none while
    // nothing changes, and never the whole model again.
    const requests = await Promise.all(Array.from({ length: 20 }, () => reader.all()));
    expect(requests.every((rows) => rows.map((r) => r.conversation.id).join() === 'conv_b')).toBe(true);
    expect(await calls('hmget')).toBe(changeReads + 1);
    const checks = await calls('mget');
    await Promise.all(Array.from({ length: 20 }, () => reader.get('conv_b')));
    clock.now += 5000;
    await Promise.all(Array.from({ length: 20 }, () => reader.get('conv_b')));
    expect(await calls('hmget')).toBe(changeReads + 1);
    expect(await calls('hgetall')).toBe(loads);
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

describe('the Redis read model’s change log', () => {
  const clients: Redis[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });

  /**
   * A writer on the file's client, and a reader on a client of its own whose HMGETs (the changed records it
   * downloads) the test sees, and can hold up to land a write in the middle of a load.
   */
  function writerAndReader(options: { changesKept?: number } = {}) {
    const key = keySpace('model-log-test');
    const clock = { now: 0 };
    const readerClient = new Redis(redis.server.url);
    clients.push(readerClient);
    const downloads = vi.spyOn(readerClient, 'hmget');
    return {
      clock,
      key,
      downloads: () => downloads.mock.calls.map((call) => call.slice(1).flat().map(String).sort()),
      beforeNextDownload: (run: () => Promise<void>) => {
        const real = readerClient.hmget.bind(readerClient);
        downloads.mockImplementationOnce(async (...args: Parameters<typeof real>) => {
          await run();
          return real(...args);
        });
      },
      writer: new RedisReadModelStore({ client: redis.client, key, now: () => clock.now, ...options }),
      reader: new RedisReadModelStore({ client: readerClient, key, now: () => clock.now }),
    };
  }

  const modelOf = async (store: ReadModelStore) =>
    Object.fromEntries((await store.all()).map((r) => [r.conversation.id, r.conversation.updated_at]));

  it('a reader sees each put and delete of the writer by downloading just the records that changed', async () => {
    const { clock, writer, reader, downloads } = writerAndReader();
    await writer.takeOver();
    for (let i = 0; i < 50; i += 1) await writer.put(record(`conv_${String(i).padStart(2, '0')}`));
    await writer.setStage('ready');
    expect(Object.keys(await modelOf(reader))).toHaveLength(50);
    const wholeLoads = await calls('hgetall');

    const changes: [string, () => Promise<void>][] = [
      ['conv_07', () => writer.put(record('conv_07', '2026-11-23T12:00:00.000Z'))],
      ['conv_new', () => writer.put(record('conv_new'))],
      ['conv_12', () => writer.delete('conv_12')],
      ['conv_33', () => writer.put(record('conv_33', '2026-11-23T13:00:00.000Z'))],
    ];
    for (const [, change] of changes) {
      await change();
      clock.now += 1000;
      expect(await modelOf(reader)).toEqual(await modelOf(writer));
    }
    expect(await reader.get('conv_12')).toBeUndefined();
    expect((await reader.get('conv_07'))?.conversation.updated_at).toBe('2026-11-23T12:00:00.000Z');
    // One download per change, of that change's record alone; never the whole model again.
    expect(downloads()).toEqual(changes.map(([id]) => [id]));
    expect(await calls('hgetall')).toBe(wholeLoads);

    // Several changes between two reads: each changed record once, however often it changed.
    await writer.put(record('conv_01', '2026-11-23T14:00:00.000Z'));
    await writer.put(record('conv_02', '2026-11-23T14:00:00.000Z'));
    await writer.put(record('conv_01', '2026-11-23T15:00:00.000Z'));
    await writer.setStage('listed');
    clock.now += 1000;
    expect(await modelOf(reader)).toEqual(await modelOf(writer));
    expect(await reader.stage()).toBe('listed');
    expect(downloads().at(-1)).toEqual(['conv_01', 'conv_02']);
    expect(await calls('hgetall')).toBe(wholeLoads);
  });

  it('the reading replica writing after another replica applied a write it relayed downloads just that record', async () => {
    const { clock, writer: relaying, reader: feed, downloads } = writerAndReader();
    await feed.takeOver();
    for (let i = 0; i < 20; i += 1) await feed.put(record(`conv_${String(i).padStart(2, '0')}`));
    await relaying.takeOver();
    const wholeLoads = await calls('hgetall');

    // The store's answer to a write relayed by the other replica; then the feed writes on a copy without it.
    await relaying.put(record('conv_03', '2026-11-23T12:00:00.000Z'));
    await feed.put(record('conv_04', '2026-11-23T12:00:00.000Z'));
    expect((await feed.get('conv_03'))?.conversation.updated_at).toBe('2026-11-23T12:00:00.000Z');
    clock.now += 1000;
    expect(await modelOf(relaying)).toEqual(await modelOf(feed));
    expect(downloads()).toEqual([['conv_03', 'conv_04']]);
    expect(await calls('hgetall')).toBe(wholeLoads);
  });

  it('a reader further behind than the log reaches loads the whole model, and ends equal to the writer', async () => {
    const { clock, writer, reader } = writerAndReader({ changesKept: 3 });
    await writer.takeOver();
    await writer.put(record('conv_a'));
    await writer.put(record('conv_b'));
    expect(Object.keys(await modelOf(reader)).sort()).toEqual(['conv_a', 'conv_b']);

    // Six changes; the log keeps three, and the reader (which keeps the default) cannot tell them all apart.
    await writer.put(record('conv_c'));
    await writer.delete('conv_a');
    await writer.put(record('conv_b', '2026-11-23T12:00:00.000Z'));
    await writer.put(record('conv_d'));
    await writer.put(record('conv_e'));
    await writer.put(record('conv_f'));
    const wholeLoads = await calls('hgetall');
    clock.now += 1000;
    expect(await modelOf(reader)).toEqual(await modelOf(writer));
    expect(await reader.get('conv_a')).toBeUndefined();
    expect(await calls('hgetall')).toBe(wholeLoads + 1);
  });

  it('a change written without its log entry (a writer of an older release) makes readers load the whole model', async () => {
    const { clock, key, writer, reader } = writerAndReader();
    await writer.takeOver();
    await writer.put(record('conv_a'));
    expect(Object.keys(await modelOf(reader))).toEqual(['conv_a']);

    await writer.put(record('conv_b'));
    await redis.client
      .multi()
      .hset(key('inbox:model'), 'conv_c', JSON.stringify(record('conv_c')))
      .incr(key('inbox:model:version'))
      .exec();
    const wholeLoads = await calls('hgetall');
    clock.now += 1000;
    expect(Object.keys(await modelOf(reader)).sort()).toEqual(['conv_a', 'conv_b', 'conv_c']);
    expect(await calls('hgetall')).toBe(wholeLoads + 1);
  });

  it('a replica holding a copy of a model Redis lost never takes the new model’s versions for changes to it', async () => {
    const { clock, key, writer, reader } = writerAndReader();
    await writer.takeOver();
    await writer.put(record('conv_a'));
    await writer.put(record('conv_b'));
    expect(Object.keys(await modelOf(reader)).sort()).toEqual(['conv_a', 'conv_b']);

    // Redis restarted empty (no persistence); the next writer builds a model again, past the reader's version.
    await redis.client.del(...(await redis.client.keys(key('*'))));
    const next = new RedisReadModelStore({ client: redis.client, key, now: () => clock.now });
    await next.takeOver();
    await next.put(record('conv_c'));
    await next.put(record('conv_d'));
    await next.put(record('conv_e'));
    clock.now += 1000;
    expect(Object.keys(await modelOf(reader)).sort()).toEqual(['conv_c', 'conv_d', 'conv_e']);
  });

  it('a write landing while a reader downloads the changes is seen at the next read', async () => {
    const { clock, writer, reader, beforeNextDownload } = writerAndReader();
    await writer.takeOver();
    await writer.put(record('conv_a'));
    await writer.put(record('conv_b'));
    expect(Object.keys(await modelOf(reader)).sort()).toEqual(['conv_a', 'conv_b']);

    await writer.put(record('conv_a', '2026-11-23T12:00:00.000Z'));
    // After the reader learnt what changed and before it downloads it: the record it is about to download
    // changes again, another one changes, and one is deleted.
    beforeNextDownload(async () => {
      await writer.put(record('conv_a', '2026-11-23T13:00:00.000Z'));
      await writer.put(record('conv_c'));
      await writer.delete('conv_b');
    });
    clock.now += 1000;
    const during = await modelOf(reader);
    expect(during.conv_a).toBe('2026-11-23T13:00:00.000Z');

    clock.now += 1000;
    expect(await modelOf(reader)).toEqual(await modelOf(writer));
    expect(await modelOf(reader)).toEqual({
      conv_a: '2026-11-23T13:00:00.000Z',
      conv_c: '2026-11-23T10:00:00.000Z',
    });
  });
});
