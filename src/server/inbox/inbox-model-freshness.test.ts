import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulatorServerPer } from '../../../mocks/testing/simulator-server-per.ts';
import {
  apiWrite,
  liveAppsPerTest,
  readInbox,
  shopperWrites,
  simulatorPost,
  streamWithReadyInbox,
  until,
} from '../testing/live-test-kit.ts';
import { manualClock, signInAs } from '../testing/test-app.ts';
import { CHECK_EVERY_MS } from '../feed/read-model-updater.ts';

// The inbox's model is served as current only while the feed keeps it so (docs/architecture.md).
const simulator = simulatorServerPer('file');
const liveApp = liveAppsPerTest(simulator);

describe('a stalled feed', () => {
  it('is not served as ready, so dashboards read the API directly until it catches up', async () => {
    const clock = manualClock(Date.now());
    const { app } = await liveApp({}, { clock });
    const staff = await signInAs(app, 'staff@example.com');
    const stream = await streamWithReadyInbox(app, staff);
    // The last dashboard leaves: the feed stops, and the model stops being current soon after.
    await stream.cancel();
    await until(
      () => Promise.resolve(app.liveHub.streamCount),
      (count) => count === 0,
      'the stream to close',
    );
    clock.advance(60_000);
    expect((await readInbox(app, staff)).ready).toBe(false);
  });
});

describe('a restored store', () => {
  it('is noticed: conversations it no longer has leave the model, and older copies replace newer ones', async () => {
    await simulatorPost(simulator.url, '/__sim/reset', {}); // so that the first active, unassigned conversation is a seeded one
    const clock = manualClock(Date.now());
    const { app } = await liveApp({}, { clock });
    const staff = await signInAs(app, 'staff@example.com');
    const stream = await streamWithReadyInbox(app, staff);
    const email = `gone.${randomUUID().slice(0, 8)}@example.com`;
    await shopperWrites(simulator.url, { content: 'Hello', email, escalate: true });
    // A seeded conversation is assigned: the model follows it forward.
    const seed = (await readInbox(app, staff, '?status=active&assigned_to=none&limit=1')).data[0]!;
    const { status, handoff_state: handoff } = seed.conversation;
    const put = await apiWrite(app, staff, 'PUT', `/agent-conversations/${seed.conversation.id}`, {
      status,
      handoff_state: handoff,
      assigned_to: 'usr_staff1',
    });
    expect(put.status).toBe(200);
    const bySeedEmail = `?q=${encodeURIComponent(seed.conversation.email ?? '')}`;
    await until(
      () => readInbox(app, staff, bySeedEmail),
      (a) => a.data.some((r) => r.conversation.assigned_to === 'usr_staff1'),
      'the assignment',
    );
    await until(
      () => readInbox(app, staff, `?q=${email}`),
      (a) => a.data.length === 1,
      'the new conversation',
    );

    await simulatorPost(simulator.url, '/__sim/reset', {});
    clock.advance(CHECK_EVERY_MS);
    const after = await until(
      () => readInbox(app, staff, `?q=${email}`),
      (a) => a.ready && a.data.length === 0,
      'the model after the restore',
    );
    expect(after.data).toEqual([]);
    // The store went back to before the assignment, and so did the model.
    const again = (await readInbox(app, staff, bySeedEmail)).data.find(
      (r) => r.conversation.id === seed.conversation.id,
    );
    expect(again?.conversation.assigned_to).toBeNull();
    await stream.cancel();
  });

  it('mints its ids again: a new handoff under an id the model knew is a new handoff, not the old conversation', async () => {
    await simulatorPost(simulator.url, '/__sim/reset', {});
    const clock = manualClock(Date.now());
    const { app } = await liveApp({}, { clock });
    const staff = await signInAs(app, 'staff@example.com');
    const stream = await streamWithReadyInbox(app, staff);
    const before = await shopperWrites(simulator.url, { content: 'Hello', email: 'first@example.com' });
    await until(
      () => readInbox(app, staff, '?q=first@example.com'),
      (a) => a.data.length === 1,
      'the first conversation',
    );

    // The clock stands still, so the model has not compared the store with itself yet: only the walk sees this.
    await simulatorPost(simulator.url, '/__sim/reset', {});
    const after = await shopperWrites(simulator.url, {
      content: 'I need a person',
      email: 'second@example.com',
      escalate: true,
    });
    expect(after.conversation.id).toBe(before.conversation.id);
    const { data, handoffs } = await until(
      () => readInbox(app, staff, '?q=second@example.com'),
      (a) => a.data.length === 1,
      'the second conversation',
    );
    expect(data[0]!.handed_over_at).toBe(after.conversation.updated_at);
    expect(data[0]!.last_shopper_message_at).toBe(after.message.created_at);
    expect(handoffs.map((row) => row.conversation.id)).toContain(after.conversation.id);
    await stream.cancel();
  });
});
