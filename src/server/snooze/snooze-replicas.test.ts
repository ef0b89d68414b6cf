import { describe, expect, it } from 'vitest';
import { historyListSchema } from '../../schemas/history.ts';
import { snoozeEventSchema } from '../../schemas/conversation-snooze.ts';
import { readInbox, until } from '../testing/live-test-kit.ts';
import { replicasOnOneRedis } from '../testing/replicas-on-redis.ts';
import { sharedPostgresPerFile } from '../testing/shared-postgres.ts';
import type { ParsedEvent } from '../testing/sse-reader.ts';
import { manualClock, READ_HEADERS, signInAs, WRITE_HEADERS } from '../testing/test-app.ts';

/*
 * Snoozes as replicas run them: two BFF processes on one Postgres and one Redis, each with its own waker.
 * What is checked is what the team observes: the `snooze` events on a dashboard stream of each replica,
 * and the conversation's history.
 */

const replicas = replicasOnOneRedis('snooze-test:');
const postgres = sharedPostgresPerFile('snooze');

const MINUTE = 60_000;

const snoozeEventOf = (event: ParsedEvent) =>
  event.event === 'snooze' ? snoozeEventSchema.parse(event.data) : undefined;
const isWake = (event: ParsedEvent) => snoozeEventOf(event)?.woke !== undefined;
const isSnoozeOf = (id: string) => (event: ParsedEvent) =>
  snoozeEventOf(event)?.conversation_ids.includes(id) === true && !isWake(event);

describe('snoozes across replicas (one Postgres, one Redis)', () => {
  it('wakes a snooze once when both replicas look at once: one event on each dashboard, one history entry', async () => {
    const url = await postgres.fresh();
    const clock = manualClock(Date.now());
    const replica = async () => {
      const database = await postgres.open(url);
      return (await replicas.replica(undefined, { database, now: clock.now })).app;
    };
    const [a, b] = [await replica(), await replica()];
    const staff = await signInAs(a, 'staff@example.com');
    const streamA = await replicas.stream(a, staff);
    const streamB = await replicas.stream(b, staff);
    const ready = await until(
      () => readInbox(a, staff, '?status=active&handoff_state=human'),
      (answer) => answer.ready && answer.data.length > 0,
      'the first pass',
    );
    const id = ready.data[0]!.conversation.id;

    const snoozed = await a.request(`/bff/conversations/${id}/snooze`, {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staff },
      body: JSON.stringify({ until: new Date(clock.now() + 10 * MINUTE).toISOString() }),
    });
    expect(snoozed.status).toBe(200);
    for (const stream of [streamA, streamB]) await stream.next(isSnoozeOf(id));

    clock.advance(11 * MINUTE);
    const woken = await Promise.all([a.snoozeWaker.wakeDue(), b.snoozeWaker.wakeDue()]);
    expect(woken.reduce((sum, count) => sum + count, 0)).toBe(1);

    // Opening it (on the other replica) dismisses the mark: its event follows every event of the wake.
    const opened = await b.request('/bff/inbox/opened', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staff },
      body: JSON.stringify({ conversation_id: id }),
    });
    expect(opened.status).toBe(204);
    for (const stream of [streamA, streamB]) {
      const wake = await stream.next(isWake);
      expect(wake.data).toMatchObject({ woke: [{ conversation_id: id, reason: 'time' }] });
      await stream.next(isSnoozeOf(id));
      expect(stream.events.filter(isWake)).toHaveLength(1);
    }
    const history = await b.request(`/bff/conversations/${id}/history`, {
      headers: { ...READ_HEADERS, cookie: staff },
    });
    const ended = historyListSchema
      .parse(await history.json())
      .data.filter((entry) => entry.kind === 'snooze_ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ reason: 'time', actor_user_id: null });
  }, 60_000);
});
