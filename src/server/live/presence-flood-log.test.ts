import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../schemas/live.ts';
import { RedisEventLog } from './redis-event-log.ts';
import { keySpace, testRedisPerFile } from '../testing/test-redis-per-file.ts';
import { MemoryEventLog, type EventLog } from './event-log.ts';
import { capturedLogger } from '../testing/logged-lines.ts';

const redis = testRedisPerFile();

const viewers = (i: number) => ({
  conversation_id: `conv_${i % 2}`,
  viewers: [{ user_id: 'usr_x', name: 'X', state: 'viewing' as const, since: '2026-11-01T10:00:00.000Z' }],
});

/** Waits until the subscriber got `count` events (the Redis log delivers through its reader loop). */
async function received(events: LiveEvent[], count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (events.length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.each([
  ['memory', () => new MemoryEventLog()],
  [
    'Redis',
    () =>
      new RedisEventLog({
        client: redis.client,
        key: keySpace('presence-flood'),
        blocking: () => redis.client.duplicate(),
        logger: capturedLogger(),
      }),
  ],
] as [string, () => EventLog & { close?: () => void }][])(
  'the %s event log under a presence flood',
  (_, create) => {
    it('keeps the conversation events to replay: presence is delivered live, without an id, and never replayed', async () => {
      const log = create();
      const delivered: LiveEvent[] = [];
      const unsubscribe = log.subscribe((event) => delivered.push(event));
      await log.headId();
      const before = await log.headId();
      const change = await log.append('config', { updated_at: '2026-11-01T10:00:00.000Z' });
      for (let i = 0; i < 2100; i += 1) await log.broadcast('presence', viewers(i));
      await received(delivered, 2101);

      // A client that resumes from before the flood gets what it missed, not a resync.
      expect(await log.readSince(before)).toEqual([change]);
      expect(delivered).toHaveLength(2101);
      expect(delivered.filter((event) => event.name === 'presence').every((event) => event.id === '')).toBe(
        true,
      );
      unsubscribe();
      log.close?.();
    });
  },
);
