import { describe, expect, it } from 'vitest';
import { DEFAULT_WAITING_THRESHOLD_MINUTES } from '../../schemas/inbox.ts';
import {
  MemoryInboxSettingsStore,
  MemoryOpenedMarkerStore,
  type InboxSettingsStore,
  type OpenedMarkerStore,
} from './opened-markers.ts';
import { RedisInboxSettingsStore, RedisOpenedMarkerStore } from './redis-opened-markers.ts';
import { keySpace, testRedisPerFile } from '../testing/test-redis-per-file.ts';

const redis = testRedisPerFile();

// The same behaviour from both implementations: the memory one is the embedded default.
describe.each([
  ['memory', (max?: number) => new MemoryOpenedMarkerStore(max)],
  [
    'Redis',
    (max?: number) =>
      new RedisOpenedMarkerStore({ client: redis.client, key: keySpace('inbox-test'), maxPerUser: max }),
  ],
] as [string, (max?: number) => OpenedMarkerStore][])('%s opened markers', (_name, create) => {
  it('keeps markers per user and per conversation', async () => {
    const markers = create();
    expect((await markers.forUser('usr_staff1')).size).toBe(0);
    await markers.set('usr_staff1', 'conv_a', '2026-11-23T10:00:00.000Z');
    await markers.set('usr_staff1', 'conv_b', '2026-11-23T11:00:00.000Z');
    await markers.set('usr_staff2', 'conv_a', '2026-11-23T12:00:00.000Z');
    expect(Object.fromEntries(await markers.forUser('usr_staff1'))).toEqual({
      conv_a: '2026-11-23T10:00:00.000Z',
      conv_b: '2026-11-23T11:00:00.000Z',
    });
    expect(Object.fromEntries(await markers.forUser('usr_staff2'))).toEqual({
      conv_a: '2026-11-23T12:00:00.000Z',
    });
  });

  it('never goes backwards, whatever the order the marks arrive in (also when concurrent)', async () => {
    const markers = create();
    await markers.set('usr_staff1', 'conv_a', '2026-11-23T10:00:05.000Z');
    // An earlier mark from another device, written in another format of the same clock: kept out.
    await markers.set('usr_staff1', 'conv_a', '2026-11-23T10:00:04.999+00:00');
    await markers.set('usr_staff1', 'conv_a', '2026-11-23T10:00:05Z');
    expect((await markers.forUser('usr_staff1')).get('conv_a')).toBe('2026-11-23T10:00:05.000Z');

    const times = Array.from({ length: 20 }, (_, i) => `2026-11-23T10:01:${String(i).padStart(2, '0')}.000Z`);
    await Promise.all([...times].reverse().map((time) => markers.set('usr_staff1', 'conv_a', time)));
    expect((await markers.forUser('usr_staff1')).get('conv_a')).toBe('2026-11-23T10:01:19.000Z');
  });

  it('keeps at most the cap per user, dropping the marker set longest ago', async () => {
    const markers = create(3);
    for (const id of ['conv_a', 'conv_b', 'conv_c'])
      await markers.set('usr_staff1', id, '2026-11-23T10:00:00.000Z');
    // conv_a opened again: now the most recent one.
    await markers.set('usr_staff1', 'conv_a', '2026-11-23T10:05:00.000Z');
    await markers.set('usr_staff1', 'conv_d', '2026-11-23T10:00:00.000Z');
    expect([...(await markers.forUser('usr_staff1')).keys()].sort()).toEqual(['conv_a', 'conv_c', 'conv_d']);
  });
});

describe.each([
  ['memory', () => new MemoryInboxSettingsStore()],
  ['Redis', () => new RedisInboxSettingsStore({ client: redis.client, key: keySpace('inbox-test') })],
] as [string, () => InboxSettingsStore][])('%s inbox settings', (_name, create) => {
  it('starts at the default threshold and keeps what the owner set', async () => {
    const settings = create();
    expect(await settings.get()).toEqual({ waiting_threshold_minutes: DEFAULT_WAITING_THRESHOLD_MINUTES });
    await settings.set({ waiting_threshold_minutes: 12 });
    expect(await settings.get()).toEqual({ waiting_threshold_minutes: 12 });
  });
});

describe('Redis opened markers and settings across replicas', () => {
  it('are one state for two stores on the same keys (two replicas)', async () => {
    const key = keySpace('inbox-test');
    const [markersA, markersB] = [
      new RedisOpenedMarkerStore({ client: redis.client, key }),
      new RedisOpenedMarkerStore({ client: redis.client, key }),
    ];
    await markersA.set('usr_staff1', 'conv_a', '2026-11-23T10:00:00.000Z');
    expect((await markersB.forUser('usr_staff1')).get('conv_a')).toBe('2026-11-23T10:00:00.000Z');
    const [settingsA, settingsB] = [
      new RedisInboxSettingsStore({ client: redis.client, key }),
      new RedisInboxSettingsStore({ client: redis.client, key }),
    ];
    await settingsA.set({ waiting_threshold_minutes: 30 });
    expect(await settingsB.get()).toEqual({ waiting_threshold_minutes: 30 });
  });

  it('ignores a stored setting that is not valid (the default applies) and gives markers a TTL', async () => {
    const key = keySpace('inbox-test');
    await redis.client.set(key('inbox:settings'), '{"waiting_threshold_minutes":-4}');
    expect(await new RedisInboxSettingsStore({ client: redis.client, key }).get()).toEqual({
      waiting_threshold_minutes: DEFAULT_WAITING_THRESHOLD_MINUTES,
    });
    await new RedisOpenedMarkerStore({ client: redis.client, key, ttlMs: 60_000 }).set(
      'usr_x',
      'conv_a',
      '2026-11-23T10:00:00Z',
    );
    const ttl = await redis.client.pttl(key('inbox:markers:usr_x'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
