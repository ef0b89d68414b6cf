import { describe, expect, it } from 'vitest';
import { simulatorServerPer } from '../../../mocks/testing/simulator-server-per.ts';
import { liveEventDataSchemas } from '../../schemas/live.ts';
import { sseReader } from '../testing/sse-reader.ts';
import {
  knownConversationIds,
  liveAppsPerTest,
  openStream,
  readyStream,
  shopperWrites,
} from '../testing/live-test-kit.ts';
import { READ_HEADERS, signInAs, TEST_SCRYPT, WRITE_HEADERS, type TestApp } from '../testing/test-app.ts';
import { createDemoDirectory } from '../users/demo-users.ts';
import { loadConfig } from '../config/config.ts';
import { configuredStreamCaps } from './stream-caps.ts';

const simulator = simulatorServerPer('file');
const liveApp = liveAppsPerTest(simulator);

const putPresence = (app: TestApp, cookie: string, body: unknown) =>
  app.request('/bff/presence', {
    method: 'PUT',
    headers: { ...WRITE_HEADERS, cookie },
    body: JSON.stringify(body),
  });

describe('GET /bff/events', () => {
  it('needs X-CSRF and a session', async () => {
    const { app } = await liveApp();
    expect((await app.request('/bff/events')).status).toBe(403);
    const anonymous = await app.request('/bff/events', { headers: READ_HEADERS });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('session_required');
  });

  it('streams unbuffered, uncached SSE that starts with ready and carries a new escalation', async () => {
    const { app } = await liveApp();
    const response = await openStream(app, await signInAs(app));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = sseReader(response);
    const ready = await stream.next();
    expect(ready.event).toBe('ready');
    expect(ready.id).toEqual(expect.any(String));

    const { conversation } = await shopperWrites(simulator.url, {
      content: 'I need a person',
      escalate: true,
    });
    const event = await stream.next(
      (e) =>
        e.event === 'conversation' &&
        (e.data as { id: string }).id === conversation.id &&
        (e.data as { handoff_state: string }).handoff_state === 'human',
    );
    expect(liveEventDataSchemas.conversation.parse(event.data).handoff_state).toBe('human');
    await stream.cancel();
  });

  it('replays the conversation events a reconnecting client missed, then presence as it is now, then ready', async () => {
    const { app } = await liveApp();
    const cookie = await signInAs(app);
    // Another dashboard stays connected (the feed runs while a stream is open).
    const other = await signInAs(app, 'staff2@example.com');
    const otherStream = await readyStream(app, other);
    const [watched] = await knownConversationIds(app, other);
    const first = sseReader(await openStream(app, cookie));
    const ready = await first.next((e) => e.event === 'ready');
    await first.cancel();

    // While the client is away, someone opens a conversation and leaves it, and a shopper escalates.
    expect((await putPresence(app, other, { conversation_id: watched, state: 'viewing' })).status).toBe(204);
    expect((await putPresence(app, other, { conversation_id: null, state: 'viewing' })).status).toBe(204);
    const { conversation } = await shopperWrites(simulator.url, { content: 'Anyone?', escalate: true });
    const escalated = await otherStream.next(
      (e) => e.event === 'conversation' && (e.data as { id: string }).id === conversation.id,
    );

    const again = sseReader(await openStream(app, cookie, ready.id));
    const events = [];
    for (let e = await again.next(); ; e = await again.next()) {
      events.push(e);
      if (e.event === 'ready') break;
    }
    expect(events.map((e) => e.id)).toContain(escalated.id);
    expect(events.some((e) => e.event === 'resync')).toBe(false);
    // Presence is not replayed: the stream gets the present state instead, without an id (the client
    // keeps resuming from the conversation log); the one who left shows as gone.
    const presence = events.filter((e) => e.event === 'presence');
    expect(presence).toEqual([
      { id: undefined, event: 'presence', data: { conversation_id: watched, viewers: [] } },
    ]);
    expect(events.at(-1)!.id).toBe(events.filter((e) => e.event !== 'presence').at(-2)!.id);
    await again.cancel();
    await otherStream.cancel();
  });

  it('a client resuming after 2,000 presence heartbeats still gets the conversation events it missed', async () => {
    const { app, clock } = await liveApp();
    const cookie = await signInAs(app);
    const other = await signInAs(app, 'staff2@example.com');
    const otherStream = await readyStream(app, other);
    const [a, b] = await knownConversationIds(app, other);
    const first = sseReader(await openStream(app, cookie));
    const ready = await first.next((e) => e.event === 'ready');
    await first.cancel();
    const { conversation } = await shopperWrites(simulator.url, {
      content: 'Before the flood',
      escalate: true,
    });
    const escalated = await otherStream.next(
      (e) => e.event === 'conversation' && (e.data as { id: string }).id === conversation.id,
    );

    // 8 tabs switching between two conversations once a second: 2,112 heartbeats, each a change.
    for (let round = 0; round < 264; round += 1) {
      for (let tab = 0; tab < 8; tab += 1) {
        const response = await putPresence(app, other, {
          conversation_id: (round + tab) % 2 === 0 ? a : b,
          state: 'viewing',
          tab_id: `tab-${tab}`,
        });
        expect(response.status).toBe(204);
      }
      clock.advance(1000);
    }

    const again = sseReader(await openStream(app, cookie, ready.id));
    const events = [];
    for (let e = await again.next(); ; e = await again.next()) {
      events.push(e);
      if (e.event === 'ready') break;
    }
    expect(events.some((e) => e.event === 'resync')).toBe(false);
    expect(events.map((e) => e.id)).toContain(escalated.id);
    await again.cancel();
    await otherStream.cancel();
  });

  it('sends resync when the Last-Event-ID is unknown or no longer held', async () => {
    const { app } = await liveApp();
    const stream = sseReader(await openStream(app, await signInAs(app), 'from-another-server-42'));
    expect((await stream.next()).event).toBe('resync');
    expect((await stream.next()).event).toBe('ready');
    await stream.cancel();
  });

  it('ends the stream when the user signs out', async () => {
    const { app } = await liveApp({ heartbeatMs: 60_000 });
    const cookie = await signInAs(app);
    const stream = await readyStream(app, cookie);
    const out = await app.request('/bff/logout', { method: 'POST', headers: { ...WRITE_HEADERS, cookie } });
    expect(out.status).toBe(204);
    expect(await stream.ended()).toBe(true);
    expect(app.liveHub.streamCount).toBe(0);
  });

  it('does not keep the session alive, and ends when the session expires', async () => {
    const { app, clock } = await liveApp();
    const cookie = await signInAs(app);
    const stream = await readyStream(app, cookie);
    // Heartbeats flow while the session lives (each one re-checks it).
    expect(await stream.heartbeats(2)).toBe(true);
    clock.advance(31 * 60_000); // past the 30 minute idle timeout: the open stream did not extend it
    expect(await stream.ended()).toBe(true);
    const session = await app.request('/bff/session', { headers: { ...READ_HEADERS, cookie } });
    expect(session.status).toBe(401);
  });

  it('ends the stream when the user is removed from the directory', async () => {
    const demo = await createDemoDirectory(TEST_SCRYPT);
    let removed = false;
    const directory = {
      roster: () => demo.roster(),
      findByEmail: (email: string) =>
        removed && email === 'staff@example.com' ? undefined : demo.findByEmail(email),
    };
    const { app } = await liveApp({}, { deps: { directory } });
    const stream = await readyStream(app, await signInAs(app));
    removed = true;
    expect(await stream.ended()).toBe(true);
  });

  it('refuses one person more streams than their cap, over all their sessions, while others still connect', async () => {
    const { app } = await liveApp({ maxStreamsPerUser: 3, maxStreamsPerSession: 2 });
    const sessions = [await signInAs(app), await signInAs(app)];
    const open = [
      await openStream(app, sessions[0]!),
      await openStream(app, sessions[0]!),
      await openStream(app, sessions[1]!),
    ];
    expect(open.map((response) => response.status)).toEqual([200, 200, 200]);
    const beyond = await openStream(app, sessions[1]!);
    expect(beyond.status).toBe(429);
    expect(beyond.headers.get('retry-after')).toMatch(/^\d+$/);
    const { error } = (await beyond.json()) as { error: { code: string; message: string } };
    expect(error).toEqual({
      code: 'too_many_streams',
      message:
        'Your account already has 3 live streams open. Close dashboards you no longer use, or sign out of them.',
    });
    const someoneElse = await openStream(app, await signInAs(app, 'staff2@example.com'));
    expect(someoneElse.status).toBe(200);
    for (const response of [...open, someoneElse]) await response.body!.cancel();
  });

  it('serves as many dashboards as LIVE_STREAMS_MAX says and refuses the next with 429 too_many_streams', async () => {
    const config = loadConfig({ LIVE_STREAMS_MAX: '3' });
    const { app } = await liveApp(configuredStreamCaps(config));
    const people = [
      await signInAs(app),
      await signInAs(app, 'staff2@example.com'),
      await signInAs(app, 'owner@example.com'),
    ];
    const open = [];
    for (const cookie of people) {
      const response = await openStream(app, cookie);
      expect(response.status).toBe(200);
      open.push(response);
    }
    const fourth = await openStream(app, people[0]!);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('30');
    expect(await fourth.json()).toMatchObject({
      error: {
        code: 'too_many_streams',
        message: 'The dashboard server has too many live streams open. Try again shortly.',
      },
    });
    for (const response of open) await response.body!.cancel();
  });

  it('refuses streams beyond the per-session and the total caps with 429 too_many_streams', async () => {
    const { app } = await liveApp({ maxStreamsPerSession: 2, maxStreams: 3 });
    const cookie = await signInAs(app);
    const open = [await openStream(app, cookie), await openStream(app, cookie)];
    const third = await openStream(app, cookie);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe('too_many_streams');

    const other = await signInAs(app, 'staff2@example.com');
    open.push(await openStream(app, other));
    const beyondTotal = await openStream(app, other);
    expect(beyondTotal.status).toBe(429);
    expect(((await beyondTotal.json()) as { error: { code: string } }).error.code).toBe('too_many_streams');

    // A closed stream frees its place.
    await open[0]!.body!.cancel();
    const again = await openStream(app, cookie);
    expect(again.status).toBe(200);
    await again.body!.cancel();
    for (const response of open.slice(1)) await response.body!.cancel();
  });
});

describe('PUT /bff/presence', () => {
  it('publishes who is viewing or replying, and the entry lapses without heartbeats', async () => {
    const { app, clock } = await liveApp();
    const watcher = await readyStream(app, await signInAs(app));
    const owner = await signInAs(app, 'owner@example.com');
    const [conv_x] = await knownConversationIds(app, owner);

    expect((await putPresence(app, owner, { conversation_id: conv_x, state: 'viewing' })).status).toBe(204);
    const viewing = await watcher.next((e) => e.event === 'presence');
    expect(liveEventDataSchemas.presence.parse(viewing.data).viewers).toEqual([
      expect.objectContaining({ user_id: 'usr_owner', name: 'Morgan Lee', state: 'viewing' }),
    ]);
    expect((await putPresence(app, owner, { conversation_id: conv_x, state: 'replying' })).status).toBe(204);
    const replying = await watcher.next((e) => e.event === 'presence');
    expect(liveEventDataSchemas.presence.parse(replying.data).viewers[0]?.state).toBe('replying');

    clock.advance(31_000);
    const lapsed = await watcher.next((e) => e.event === 'presence');
    expect(lapsed.data).toEqual({ conversation_id: conv_x, viewers: [] });
    await watcher.cancel();
  });

  it('takes a viewer away as soon as the last stream of their session closes', async () => {
    const { app } = await liveApp();
    const watcher = await readyStream(app, await signInAs(app));
    const owner = await signInAs(app, 'owner@example.com');
    const ownerStream = await readyStream(app, owner);
    const [conv_x] = await knownConversationIds(app, owner);

    expect((await putPresence(app, owner, { conversation_id: conv_x, state: 'viewing' })).status).toBe(204);
    const viewing = await watcher.next((e) => e.event === 'presence');
    expect(liveEventDataSchemas.presence.parse(viewing.data).viewers).toHaveLength(1);

    await ownerStream.cancel();
    const left = await watcher.next((e) => e.event === 'presence');
    expect(left.data).toEqual({ conversation_id: conv_x, viewers: [] });
    await watcher.cancel();
  });

  it('keeps one entry per tab: two tabs of one browser watch two conversations, and both are tailed', async () => {
    const { app } = await liveApp();
    const watcher = await readyStream(app, await signInAs(app));
    const owner = await signInAs(app, 'owner@example.com');
    const viewersOf = async (conversationId: string) => {
      const event = await watcher.next(
        (e) =>
          e.event === 'presence' &&
          (e.data as { conversation_id: string }).conversation_id === conversationId,
      );
      return liveEventDataSchemas.presence.parse(event.data).viewers.map((viewer) => viewer.user_id);
    };
    const [conv_a, conv_b] = (await knownConversationIds(app, owner)) as [string, string];

    await putPresence(app, owner, { conversation_id: conv_a, state: 'viewing', tab_id: 'tab-1' });
    expect(await viewersOf(conv_a)).toEqual(['usr_owner']);
    await putPresence(app, owner, { conversation_id: conv_b, state: 'viewing', tab_id: 'tab-2' });
    expect(await viewersOf(conv_b)).toEqual(['usr_owner']);
    // The first tab's next heartbeat changes nothing: it is still there, and so is the second.
    await putPresence(app, owner, { conversation_id: conv_a, state: 'viewing', tab_id: 'tab-1' });
    expect((await app.liveHub.presence.watched()).sort()).toEqual([conv_a, conv_b].sort());

    // One tab closing leaves the other in place.
    await putPresence(app, owner, { conversation_id: null, state: 'viewing', tab_id: 'tab-2' });
    expect(await viewersOf(conv_b)).toEqual([]);
    expect(await app.liveHub.presence.watched()).toEqual([conv_a]);
    await watcher.cancel();
  });

  it('refuses presence for a conversation the read model does not know; null still works', async () => {
    const { app } = await liveApp();
    const cookie = await signInAs(app);
    const stream = await readyStream(app, cookie);
    await knownConversationIds(app, cookie);
    const unknown = await putPresence(app, cookie, { conversation_id: 'conv_nobodyknows', state: 'viewing' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: unknown }).error).toEqual({
      code: 'not_found',
      message: 'The dashboard knows no conversation with this id, so no presence is reported for it.',
      resource: 'conversation',
      field: 'conversation_id',
    });
    expect(await app.liveHub.presence.watched()).toEqual([]);
    expect((await putPresence(app, cookie, { conversation_id: null, state: 'viewing' })).status).toBe(204);
    await stream.cancel();
  });

  it('meters heartbeats per tab (a burst of 3, then one a second) and tabs per session (8)', async () => {
    const { app, clock } = await liveApp();
    const cookie = await signInAs(app);
    const stream = await readyStream(app, cookie);
    const [id] = await knownConversationIds(app, cookie);
    const beat = (tab: string, state: 'viewing' | 'replying' = 'viewing') =>
      putPresence(app, cookie, { conversation_id: id, state, tab_id: tab });
    expect([(await beat('t0')).status, (await beat('t0')).status, (await beat('t0')).status]).toEqual([
      204, 204, 204,
    ]);
    const tooFast = await beat('t0');
    expect(tooFast.status).toBe(429);
    expect(tooFast.headers.get('retry-after')).toBe('1');
    expect(((await tooFast.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'rate_limited',
      message: 'Presence heartbeats from this tab come too often: at most one a second.',
    });
    clock.advance(1000);
    expect((await beat('t0')).status).toBe(204);

    for (let tab = 1; tab < 8; tab += 1) expect((await beat(`t${tab}`)).status).toBe(204);
    const ninth = await beat('t8');
    expect(ninth.status).toBe(429);
    expect(((await ninth.json()) as { error: { message: string } }).error.message).toBe(
      'This browser already reports presence for as many tabs as it may. Close some dashboard tabs.',
    );
    await stream.cancel();
  });

  it('does not broadcast a heartbeat that changes nothing', async () => {
    const { app, clock } = await liveApp();
    const watcher = await readyStream(app, await signInAs(app));
    const owner = await signInAs(app, 'owner@example.com');
    const [id] = await knownConversationIds(app, owner);
    const beat = async (state: 'viewing' | 'replying') => {
      clock.advance(1000);
      expect((await putPresence(app, owner, { conversation_id: id, state, tab_id: 't' })).status).toBe(204);
    };
    await beat('viewing');
    const first = await watcher.next((e) => e.event === 'presence');
    expect(liveEventDataSchemas.presence.parse(first.data).viewers[0]?.state).toBe('viewing');
    await beat('viewing');
    await beat('viewing');
    await beat('replying');
    // The next presence event on the stream is the change: the unchanged beats sent none.
    const next = await watcher.next((e) => e.event === 'presence');
    expect(liveEventDataSchemas.presence.parse(next.data).viewers[0]?.state).toBe('replying');
    await watcher.cancel();
  });

  it('refuses a malformed heartbeat with 400 invalid_body', async () => {
    const { app } = await liveApp();
    const cookie = await signInAs(app);
    const response = await putPresence(app, cookie, { conversation_id: 'conv_x', state: 'typing' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string; field?: string } }).error).toMatchObject({
      code: 'invalid_body',
      field: 'state',
    });
  });
});
