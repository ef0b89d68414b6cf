import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { simulatorServerPer } from '../../../mocks/testing/simulator-server-per.ts';
import { historyListSchema, type HistoryEntry } from '../../schemas/history.ts';
import type { InboxRow } from '../../schemas/inbox.ts';
import { REQUEST_BODY_MAX_BYTES, SNOOZING_CONVERSATIONS_MAX } from '../../schemas/limits.ts';
import { snoozeEventSchema } from '../../schemas/conversation-snooze.ts';
import {
  bulkSnoozeAnswerSchema,
  conversationSnoozeAnswerSchema,
  snoozeAnswerSchema,
} from '../../schemas/snooze.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import {
  apiWrite,
  liveAppsPerTest,
  readInbox,
  shopperWrites,
  streamWithReadyInbox,
  until,
} from '../testing/live-test-kit.ts';
import type { ParsedEvent } from '../testing/sse-reader.ts';
import { bffSender, errorOf, manualClock, signInAs, type BffSend } from '../testing/test-app.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';

const simulator = simulatorServerPer('file');
const liveApp = liveAppsPerTest(simulator);

const MINUTE = 60_000;
const NEEDS_PERSON = '?status=active&handoff_state=human';

async function historyOf(send: BffSend, id: string): Promise<HistoryEntry[]> {
  const response = await send('GET', `/bff/conversations/${id}/history`);
  expect(response.status).toBe(200);
  return historyListSchema.parse(await response.json()).data;
}

const snoozeEntries = (entries: HistoryEntry[]) =>
  entries
    .filter((entry) => entry.kind.includes('snooze'))
    .map((entry) => ({
      kind: entry.kind,
      actor: entry.actor_user_id,
      ...('until' in entry ? { until: entry.until } : {}),
      ...(entry.reason ? { reason: entry.reason } : {}),
    }));

const rowOf = (rows: readonly InboxRow[], id: string) => rows.find((row) => row.conversation.id === id);
const ids = (rows: readonly InboxRow[]) => rows.map((row) => row.conversation.id);
const at = (ms: number) => new Date(ms).toISOString();

const isWake = (event: ParsedEvent) =>
  event.event === 'snooze' && snoozeEventSchema.parse(event.data).woke !== undefined;
const isSnoozeOf = (id: string) => (event: ParsedEvent) =>
  event.event === 'snooze' && snoozeEventSchema.parse(event.data).conversation_ids.includes(id);

describe.each(bothDrivers())('snoozing on %s', (driver) => {
  const appWithDatabase = () =>
    liveApp({}, { deps: { database: new DashboardDatabase(Promise.resolve(driver.database)) } });

  it('refuses what it cannot take, in the error envelope, and changes nothing then', async () => {
    const { app, clock } = await appWithDatabase();
    const staffCookie = await signInAs(app, 'staff@example.com');
    const staff = bffSender(app, staffCookie);
    await streamWithReadyInbox(app, staffCookie);
    const [open] = ids((await readInbox(app, staffCookie, NEEDS_PERSON)).data);
    const [closed] = ids((await readInbox(app, staffCookie, '?status=closed')).data);
    expect(open).toBeDefined();
    expect(closed).toBeDefined();
    const path = `/bff/conversations/${open}/snooze`;
    const soon = at(clock.now() + 10 * MINUTE);

    for (const [body, field] of [
      [{}, 'until'],
      [{ until: 5 }, 'until'],
      [{ until: 'tomorrow' }, 'until'],
      [{ until: '2026-11-27 09:00' }, 'until'],
      [{ until: soon, extra: true }, undefined],
    ] as const) {
      const refused = await staff('PUT', path, body);
      expect(refused.status).toBe(400);
      const error = await errorOf(refused);
      expect(error.code).toBe('invalid_body');
      if (field) expect(error.field).toBe(field);
    }
    expect((await errorOf(await staff('PUT', path, '{"until":'))).reason).toBe('malformed_json');
    const invalidUtf8 = await staff('PUT', path, new Blob([new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])]));
    expect(invalidUtf8.status).toBe(400);
    expect((await errorOf(invalidUtf8)).reason).toBe('invalid_utf8');
    expect(
      (await staff('PUT', path, JSON.stringify({ until: 'x'.repeat(REQUEST_BODY_MAX_BYTES) }))).status,
    ).toBe(413);
    expect((await staff('PUT', path, { until: soon }, { 'content-type': 'text/plain' })).status).toBe(415);

    // A time not after now (by the app's clock), or further ahead than allowed: 422 on `until`.
    const past = await staff('PUT', path, { until: at(clock.now()) });
    expect(past.status).toBe(422);
    expect(await errorOf(past)).toMatchObject({ code: 'snooze_in_past', field: 'until' });
    const tooFar = await staff('PUT', path, { until: at(clock.now() + 366 * 24 * 60 * MINUTE) });
    expect(tooFar.status).toBe(422);
    expect((await errorOf(tooFar)).code).toBe('snooze_too_far');

    const closedRefusal = await staff('PUT', `/bff/conversations/${closed}/snooze`, { until: null });
    expect(closedRefusal.status).toBe(409);
    expect((await errorOf(closedRefusal)).code).toBe('conversation_closed');
    const unknown = await staff('PUT', '/bff/conversations/conv_nosuchthing00/snooze', { until: null });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe('unknown_conversation');

    // Cross-site writes are refused as on every /bff route.
    const crossSite = await staff('PUT', path, { until: soon }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await errorOf(crossSite)).code).toBe('csrf_failed');

    // Nothing was snoozed by any of these.
    const none = await staff('DELETE', path);
    expect(none.status).toBe(404);
    expect((await errorOf(none)).code).toBe('snooze_not_found');
    expect((await readInbox(app, staffCookie, '?snoozed=only')).data).toEqual([]);
    expect(snoozeEntries(await historyOf(staff, open!))).toEqual([]);

    // The bulk route: the time is checked for all, each conversation on its own.
    const bulkPast = await staff('POST', '/bff/snoozes', {
      conversation_ids: [open],
      until: at(clock.now() - 1),
    });
    expect(bulkPast.status).toBe(422);
    const tooMany = await staff('POST', '/bff/snoozes', {
      conversation_ids: Array(SNOOZING_CONVERSATIONS_MAX + 1).fill(open),
      until: null,
    });
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).field).toBe('conversation_ids');
    expect((await staff('POST', '/bff/snoozes', { conversation_ids: [], until: null })).status).toBe(400);

    // An expired session is refused like no session.
    clock.advance(31 * MINUTE);
    const expired = await staff('PUT', path, { until: null });
    expect(expired.status).toBe(401);
    expect((await errorOf(expired)).code).toBe('session_required');
  });

  it('sets a conversation aside until its time, then wakes it once: live, in the history, the lists and the counts', async () => {
    const { app, clock } = await appWithDatabase();
    const staffCookie = await signInAs(app, 'staff@example.com');
    const staff = bffSender(app, staffCookie);
    const stream = await streamWithReadyInbox(app, staffCookie);
    const before = await readInbox(app, staffCookie, NEEDS_PERSON);
    const row = before.data[0]!;
    const id = row.conversation.id;
    const wakeAt = at(clock.now() + 10 * MINUTE);

    const snoozed = await staff('PUT', `/bff/conversations/${id}/snooze`, { until: wakeAt });
    expect(snoozed.status).toBe(200);
    expect(snoozeAnswerSchema.parse(await snoozed.json()).data).toEqual({
      until: wakeAt,
      snoozed_by: 'usr_staff1',
      snoozed_at: at(clock.now()),
      woke: null,
    });
    expect((await stream.next(isSnoozeOf(id))).data).toEqual({ conversation_ids: [id] });

    // Set aside from Needs a person and counted under Snoozed, where it is listed while asleep.
    const asleep = await readInbox(app, staffCookie, NEEDS_PERSON);
    expect(ids(asleep.data)).not.toContain(id);
    expect(asleep.counts['needs-person']).toBe(before.counts['needs-person'] - 1);
    expect(asleep.counts.snoozed).toBe(before.counts.snoozed + 1);
    const snoozedView = await readInbox(app, staffCookie, '?snoozed=only');
    expect(ids(snoozedView.data)).toEqual([id]);
    expect(snoozedView.data[0]!.snooze).toMatchObject({ until: wakeAt, woke: null });

    // Not due yet: nothing wakes.
    clock.advance(9 * MINUTE);
    expect(await app.snoozeWaker.wakeDue()).toBe(0);
    clock.advance(2 * MINUTE);
    expect(await app.snoozeWaker.wakeDue()).toBe(1);
    expect(await app.snoozeWaker.wakeDue()).toBe(0);

    const wake = await stream.next(isWake);
    expect(wake.data).toEqual({
      conversation_ids: [id],
      woke: [
        {
          conversation_id: id,
          reason: 'time',
          notify_user_id: row.conversation.assigned_to ?? 'usr_staff1',
          display_name: row.conversation.display_name,
        },
      ],
    });
    const awake = await readInbox(app, staffCookie, NEEDS_PERSON);
    expect(rowOf(awake.data, id)?.snooze).toMatchObject({ until: wakeAt, woke: { reason: 'time' } });
    expect(awake.counts['needs-person']).toBe(before.counts['needs-person']);
    expect(awake.counts.snoozed).toBe(before.counts.snoozed);
    expect((await readInbox(app, staffCookie, '?snoozed=only')).data).toEqual([]);
    expect(snoozeEntries(await historyOf(staff, id))).toEqual([
      { kind: 'snoozed', actor: 'usr_staff1', until: wakeAt },
      { kind: 'snooze_ended', actor: null, reason: 'time' },
    ]);

    // Opening it dismisses the mark (its `snooze` event comes after every event of the wake).
    const opened = await staff('PUT', '/bff/inbox/opened', { conversation_id: id });
    expect(opened.status).toBe(204);
    await stream.next(isSnoozeOf(id));
    expect(stream.events.filter(isWake)).toHaveLength(1);
    expect(rowOf((await readInbox(app, staffCookie, NEEDS_PERSON)).data, id)?.snooze).toBeNull();
    await stream.cancel();
  });

  it('wakes due snoozes by itself once started, and stops when told', async () => {
    const { app, clock } = await appWithDatabase();
    const staffCookie = await signInAs(app, 'staff@example.com');
    const staff = bffSender(app, staffCookie);
    await streamWithReadyInbox(app, staffCookie);
    const [first, second] = ids((await readInbox(app, staffCookie, NEEDS_PERSON)).data);
    for (const id of [first, second])
      expect(
        (await staff('PUT', `/bff/conversations/${id}/snooze`, { until: at(clock.now() + MINUTE) })).status,
      ).toBe(200);
    clock.advance(2 * MINUTE);
    const stop = app.snoozeWaker.start(20);
    await until(
      () => readInbox(app, staffCookie, '?snoozed=only'),
      (answer) => answer.data.length === 0,
      'the waker to wake both',
    );
    await stop();
    for (const id of [first, second])
      expect(rowOf((await readInbox(app, staffCookie, NEEDS_PERSON)).data, id!)?.snooze?.woke?.reason).toBe(
        'time',
      );
  });

  it('wakes a snooze by hand, dismisses a sleeping one only by hand, and snoozes in bulk with per-conversation refusals', async () => {
    const { app, clock } = await appWithDatabase();
    const staffCookie = await signInAs(app, 'staff@example.com');
    const staff = bffSender(app, staffCookie);
    const owner = bffSender(app, await signInAs(app, 'owner@example.com'));
    await streamWithReadyInbox(app, staffCookie);
    const [first, second] = ids((await readInbox(app, staffCookie, NEEDS_PERSON)).data);
    const [closed] = ids((await readInbox(app, staffCookie, '?status=closed')).data);

    const bulk = await owner('POST', '/bff/snoozes', {
      conversation_ids: [first, second, first, closed, 'conv_nosuchthing00'],
      until: null,
    });
    expect(bulk.status).toBe(200);
    expect(bulkSnoozeAnswerSchema.parse(await bulk.json()).data).toEqual({
      snoozed: [first, second],
      refused: [
        { conversation_id: closed, code: 'conversation_closed', message: expect.any(String) as string },
        {
          conversation_id: 'conv_nosuchthing00',
          code: 'unknown_conversation',
          message: expect.any(String) as string,
        },
      ],
    });
    expect(ids((await readInbox(app, staffCookie, '?snoozed=only')).data).sort()).toEqual(
      [first, second].sort(),
    );
    expect(snoozeEntries(await historyOf(staff, second!))).toEqual([
      { kind: 'snoozed', actor: 'usr_owner', until: null },
    ]);

    // Opening a sleeping conversation leaves it asleep; snoozing it again replaces the snooze.
    expect((await staff('PUT', '/bff/inbox/opened', { conversation_id: first })).status).toBe(204);
    const again = await staff('PUT', `/bff/conversations/${first}/snooze`, {
      until: at(clock.now() + MINUTE),
    });
    expect(snoozeAnswerSchema.parse(await again.json()).data.snoozed_by).toBe('usr_staff1');
    const rows = (await readInbox(app, staffCookie, '?snoozed=only')).data;
    expect(rowOf(rows, first!)?.snooze).toMatchObject({ snoozed_by: 'usr_staff1', woke: null });
    // The open conversation reads its own snooze.
    const one = await staff('GET', `/bff/conversations/${first}/snooze`);
    expect(conversationSnoozeAnswerSchema.parse(await one.json()).data).toEqual(rowOf(rows, first!)?.snooze);

    // Woken by hand: back in the lists, "X woke it", and no snooze left.
    expect((await staff('DELETE', `/bff/conversations/${second}/snooze`)).status).toBe(204);
    expect((await staff('DELETE', `/bff/conversations/${second}/snooze`)).status).toBe(404);
    expect(rowOf((await readInbox(app, staffCookie, NEEDS_PERSON)).data, second!)?.snooze).toBeNull();
    const none = await staff('GET', `/bff/conversations/${second}/snooze`);
    expect(conversationSnoozeAnswerSchema.parse(await none.json()).data).toBeNull();
    expect(snoozeEntries(await historyOf(staff, second!))).toEqual([
      { kind: 'snoozed', actor: 'usr_owner', until: null },
      { kind: 'unsnoozed', actor: 'usr_staff1' },
    ]);
  });

  it('wakes a snooze when the shopper writes, once the feed sees it', async () => {
    const { app } = await appWithDatabase();
    const staffCookie = await signInAs(app, 'staff@example.com');
    const staff = bffSender(app, staffCookie);
    const stream = await streamWithReadyInbox(app, staffCookie);
    const row = (await readInbox(app, staffCookie, NEEDS_PERSON)).data[0]!;
    const id = row.conversation.id;
    expect((await staff('PUT', `/bff/conversations/${id}/snooze`, { until: null })).status).toBe(200);

    await shopperWrites(simulator.url, { conversation_id: id, content: 'Are you still there?' });
    const wake = await stream.next(isWake);
    expect(wake.data).toMatchObject({ woke: [{ conversation_id: id, reason: 'shopper' }] });
    const awake = rowOf((await readInbox(app, staffCookie, NEEDS_PERSON)).data, id);
    expect(awake?.snooze).toMatchObject({ until: null, woke: { reason: 'shopper' } });
    expect(snoozeEntries(await historyOf(staff, id))).toEqual([
      { kind: 'snoozed', actor: 'usr_staff1', until: null },
      { kind: 'snooze_ended', actor: null, reason: 'shopper' },
    ]);
    await stream.cancel();
  });

  it('clears a snooze when the conversation is closed or handed back to the bot through the dashboard', async () => {
    const { app } = await appWithDatabase();
    const staffCookie = await signInAs(app, 'staff@example.com');
    const staff = bffSender(app, staffCookie);
    await streamWithReadyInbox(app, staffCookie);
    const [toClose, toHandBack] = (await readInbox(app, staffCookie, NEEDS_PERSON)).data;
    for (const row of [toClose!, toHandBack!])
      expect(
        (await staff('PUT', `/bff/conversations/${row.conversation.id}/snooze`, { until: null })).status,
      ).toBe(200);

    const write = (row: InboxRow, change: Record<string, unknown>) =>
      apiWrite(app, staffCookie, 'PUT', `/agent-conversations/${row.conversation.id}`, {
        status: row.conversation.status,
        handoff_state: row.conversation.handoff_state,
        assigned_to: row.conversation.assigned_to,
        ...change,
      });
    expect((await write(toClose!, { status: 'closed' })).status).toBe(200);
    expect((await write(toHandBack!, { handoff_state: 'bot' })).status).toBe(200);

    // The store's answers clear them; the lists show it once the feed brought the new copies.
    const closedRow = await until(
      async () => rowOf((await readInbox(app, staffCookie, '?status=closed')).data, toClose!.conversation.id),
      (found) => found !== undefined,
      'the closed conversation in Closed',
    );
    expect(closedRow?.snooze).toBeNull();
    const botRow = await until(
      async () =>
        rowOf(
          (await readInbox(app, staffCookie, '?status=active&handoff_state=bot')).data,
          toHandBack!.conversation.id,
        ),
      (found) => found !== undefined,
      'the conversation handed back, with the bot',
    );
    expect(botRow?.snooze).toBeNull();
    expect((await readInbox(app, staffCookie, '?snoozed=only')).data).toEqual([]);
    // Snoozing a closed conversation is refused from now on.
    expect(
      (await staff('PUT', `/bff/conversations/${toClose!.conversation.id}/snooze`, { until: null })).status,
    ).toBe(409);
  });

  if (driver.kind === 'postgres') {
    it('database down: the snooze routes and the Snoozed view answer 503, the inbox is served, and no snooze is lost', async () => {
      const { app, clock } = await appWithDatabase();
      const staffCookie = await signInAs(app, 'staff@example.com');
      const staff = bffSender(app, staffCookie);
      await streamWithReadyInbox(app, staffCookie);
      const [id, other] = ids((await readInbox(app, staffCookie, NEEDS_PERSON)).data);
      const wakeAt = at(clock.now() + 10 * MINUTE);
      expect((await staff('PUT', `/bff/conversations/${id}/snooze`, { until: wakeAt })).status).toBe(200);

      // The test server acknowledges commits before writing them (synchronous_commit=off): make them
      // durable before it crashes, as a real server's commits are.
      await driver.database.db.execute(sql`checkpoint`);
      await driver.server!.kill();
      for (const response of [
        await staff('GET', '/bff/inbox?snoozed=only'),
        await staff('PUT', `/bff/conversations/${other}/snooze`, { until: null }),
        await staff('DELETE', `/bff/conversations/${id}/snooze`),
        await staff('POST', '/bff/snoozes', { conversation_ids: [other], until: null }),
      ]) {
        expect(response.status).toBe(503);
        expect((await errorOf(response)).code).toBe('database_unavailable');
      }
      // The lists are still served, without snoozes (a sleeping conversation shows meanwhile).
      const inbox = await readInbox(app, staffCookie, NEEDS_PERSON);
      expect(ids(inbox.data)).toContain(id);
      expect(inbox.data[0]!.snooze).toBeUndefined();
      expect((await staff('PUT', '/bff/inbox/opened', { conversation_id: id })).status).toBe(204);
      clock.advance(11 * MINUTE);
      expect(await app.snoozeWaker.wakeDue()).toBe(0);

      await driver.server!.restart();
      await expect
        .poll(async () => (await staff('GET', '/bff/inbox?snoozed=only')).status, { timeout: 10_000 })
        .toBe(200);
      expect(await app.snoozeWaker.wakeDue()).toBe(1);
      expect(rowOf((await readInbox(app, staffCookie, NEEDS_PERSON)).data, id!)?.snooze).toMatchObject({
        until: wakeAt,
        woke: { reason: 'time' },
      });
    }, 30_000);
  }
});

describe('snoozes while the database is down', () => {
  it('serves the inbox without snoozes, and refuses the Snoozed view and the snooze routes with 503', async () => {
    const { app, clock } = await liveApp(
      {},
      { deps: { database: new DashboardDatabase(Promise.reject(new Error('refused'))) } },
    );
    const cookie = await signInAs(app, 'staff@example.com');
    const staff = bffSender(app, cookie);
    const inbox = await readInbox(app, cookie, '?status=active');
    const id = inbox.data[0]!.conversation.id;
    expect(inbox.data[0]!.snooze).toBeUndefined();
    for (const response of [
      await staff('GET', '/bff/inbox?snoozed=only'),
      await staff('PUT', `/bff/conversations/${id}/snooze`, { until: at(clock.now() + MINUTE) }),
      await staff('DELETE', `/bff/conversations/${id}/snooze`),
      await staff('POST', '/bff/snoozes', { conversation_ids: [id], until: null }),
    ]) {
      expect(response.status).toBe(503);
      expect((await errorOf(response)).code).toBe('database_unavailable');
    }
    // Opening a conversation still counts.
    expect((await staff('PUT', '/bff/inbox/opened', { conversation_id: id })).status).toBe(204);
    expect(await app.snoozeWaker.wakeDue()).toBe(0);
  });
});

describe('snoozes across a restart (one PGlite data directory)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every snooze, and wakes each once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'snooze-restart-'));
    dirs.push(dataDir);
    const clock = manualClock(Date.now());
    const start = async () => {
      const database = new DashboardDatabase(openEmbeddedTestDatabase(dataDir));
      await database.database();
      const { app } = await liveApp({}, { clock, deps: { database } });
      const cookie = await signInAs(app, 'staff@example.com');
      const stream = await streamWithReadyInbox(app, cookie);
      const stop = async () => {
        await stream.cancel();
        await app.liveHub.close();
        await database.close();
      };
      return { app, cookie, staff: bffSender(app, cookie), stop };
    };

    const first = await start();
    const [timed, forShopper] = ids((await readInbox(first.app, first.cookie, NEEDS_PERSON)).data);
    const wakeAt = at(clock.now() + 10 * MINUTE);
    expect((await first.staff('PUT', `/bff/conversations/${timed}/snooze`, { until: wakeAt })).status).toBe(
      200,
    );
    expect(
      (await first.staff('PUT', `/bff/conversations/${forShopper}/snooze`, { until: null })).status,
    ).toBe(200);
    await first.stop();

    // After a restart both are still asleep: the new model reading the transcripts again is no shopper news.
    clock.advance(11 * MINUTE);
    const second = await start();
    const asleep = await readInbox(second.app, second.cookie, '?snoozed=only');
    expect(ids(asleep.data).sort()).toEqual([timed, forShopper].sort());
    expect(await second.app.snoozeWaker.wakeDue()).toBe(1);
    await second.stop();

    const third = await start();
    expect(await third.app.snoozeWaker.wakeDue()).toBe(0);
    expect(ids((await readInbox(third.app, third.cookie, '?snoozed=only')).data)).toEqual([forShopper]);
    expect(
      rowOf((await readInbox(third.app, third.cookie, NEEDS_PERSON)).data, timed!)?.snooze,
    ).toMatchObject({
      woke: { reason: 'time' },
    });
    expect(snoozeEntries(await historyOf(third.staff, timed!))).toEqual([
      { kind: 'snoozed', actor: 'usr_staff1', until: wakeAt },
      { kind: 'snooze_ended', actor: null, reason: 'time' },
    ]);
    await third.stop();
  }, 60_000);
});
