import { describe, expect, it } from 'vitest';
import { MemoryPresenceStore, type PresenceStore } from '../live/presence.ts';
import { RedisPresenceStore } from './redis-presence.ts';
import { keySpace, testRedisPerFile } from './test-redis-per-file.ts';

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
    expect(await presence.heartbeat(tab('tab-1', 'conv_a'), 2000)).toEqual([]);
    expect((await presence.watched()).sort()).toEqual(['conv_a', 'conv_b', 'conv_c']);

    expect(await presence.heartbeat(tab('tab-2', null), 3000)).toEqual(['conv_b']);
    expect((await presence.watched()).sort()).toEqual(['conv_a', 'conv_c']);

    await presence.heartbeat(tab('tab-2', 'conv_b'), 4000);
    expect((await presence.remove('session-1')).sort()).toEqual(['conv_a', 'conv_b']);
    expect(await presence.watched()).toEqual(['conv_c']);
  });
});
