import { describe, expect, it } from 'vitest';
import { MemoryPresenceStore, type PresenceStore } from './presence.ts';
import { RedisPresenceStore } from './redis-presence.ts';
import { keySpace, testRedisPerFile } from '../testing/test-redis-per-file.ts';

const redis = testRedisPerFile();

const tab = (tabId: string, conversationId: string | null, sessionKey = 'session-1') => ({
  sessionKey,
  tabId,
  userId: 'usr_staff1',
  name: 'Sam Rivera',
  conversationId,
  state: 'viewing' as const,
});

// The same behaviour from both implementations: the memory one is the embedded default.
describe.each([
  ['memory', () => new MemoryPresenceStore()],
  ['Redis', () => new RedisPresenceStore({ client: redis.client, key: keySpace('presence-test') })],
] as [string, () => PresenceStore][])('%s presence', (_name, create) => {
  it('keeps one entry per tab of a session, and removing the session removes every tab', async () => {
    const presence = create();
    await presence.heartbeat(tab('tab-1', 'conv_a'), 1000);
    await presence.heartbeat(tab('tab-2', 'conv_b'), 1000);
    await presence.heartbeat(tab('tab-9', 'conv_c', 'session-2'), 1000);
    // The first tab's next beat changes nothing: both tabs stay.
    expect(await presence.heartbeat(tab('tab-1', 'conv_a'), 2000)).toEqual({ changed: [] });
    expect((await presence.watched()).sort()).toEqual(['conv_a', 'conv_b', 'conv_c']);

    expect(await presence.heartbeat(tab('tab-2', null), 3000)).toEqual({ changed: ['conv_b'] });
    expect((await presence.watched()).sort()).toEqual(['conv_a', 'conv_c']);

    await presence.heartbeat(tab('tab-2', 'conv_b'), 4000);
    expect((await presence.remove('session-1')).sort()).toEqual(['conv_a', 'conv_b']);
    expect(await presence.watched()).toEqual(['conv_c']);
  });

  it('meters each tab: a burst of 3, then one a second, whatever the heartbeats say', async () => {
    const presence = create();
    const at = 1_000_000;
    // Switching conversations quickly: three beats at once are allowed, the fourth is not.
    expect(await presence.heartbeat(tab('tab-1', 'conv_a'), at)).toEqual({ changed: ['conv_a'] });
    expect(await presence.heartbeat(tab('tab-1', null), at)).toEqual({ changed: ['conv_a'] });
    expect(await presence.heartbeat(tab('tab-1', 'conv_b'), at)).toEqual({ changed: ['conv_b'] });
    expect(await presence.heartbeat(tab('tab-1', 'conv_a'), at + 10)).toEqual({ refused: 'rate' });
    // Another tab has its own meter; a second later this one has room for one more.
    expect(await presence.heartbeat(tab('tab-2', 'conv_c'), at + 10)).toEqual({ changed: ['conv_c'] });
    expect(await presence.heartbeat(tab('tab-1', 'conv_a'), at + 1000)).toEqual({
      changed: ['conv_a', 'conv_b'],
    });
    expect(await presence.heartbeat(tab('tab-1', 'conv_b'), at + 1000)).toEqual({ refused: 'rate' });
    // A steady one a second is always allowed.
    for (let i = 2; i < 20; i += 1)
      expect(await presence.heartbeat(tab('tab-1', 'conv_a'), at + i * 1000)).toEqual({ changed: [] });
  });

  it('counts at most 8 tabs per session, also those that said null, until they lapse', async () => {
    const presence = create();
    for (let i = 0; i < 8; i += 1) {
      const result = await presence.heartbeat(tab(`tab-${i}`, i % 2 === 0 ? 'conv_a' : null), 1000);
      expect(result).not.toHaveProperty('refused');
    }
    expect(await presence.heartbeat(tab('tab-8', 'conv_a'), 1000)).toEqual({ refused: 'tabs' });
    // Known tabs carry on, and other sessions are not affected.
    expect(await presence.heartbeat(tab('tab-0', 'conv_b'), 2000)).toEqual({ changed: ['conv_b', 'conv_a'] });
    expect(await presence.heartbeat(tab('tab-8', 'conv_a', 'session-2'), 2000)).toEqual({
      changed: ['conv_a'],
    });
    // Once the others lapse (30 s without a heartbeat), a new tab has room.
    await presence.sweep(40_000);
    expect(await presence.heartbeat(tab('tab-8', 'conv_a'), 40_000)).toEqual({ changed: ['conv_a'] });
  });
});
