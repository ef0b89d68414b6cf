import { describe, expect, it } from 'vitest';
import { simulatorServerPer } from '../../../mocks/testing/simulator-server-per.ts';
import { historyListSchema, type HistoryEntry } from '../../schemas/history.ts';
import { TAG_NAME_MAX, REQUEST_BODY_MAX_BYTES } from '../../schemas/limits.ts';

import {
  conversationTagListSchema,
  tagAnswerSchema,
  tagDeletedSchema,
  taggingAnswerSchema,
  tagListSchema,
} from '../../schemas/tags.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { liveAppsPerTest, readInbox, streamWithReadyInbox } from '../testing/live-test-kit.ts';
import { bffSender, errorOf, signInAs } from '../testing/test-app.ts';

const simulator = simulatorServerPer('file');
const liveApp = liveAppsPerTest(simulator);

describe.each(bothDrivers())('tags on %s', (driver) => {
  const appWithDatabase = () =>
    liveApp({}, { deps: { database: new DashboardDatabase(Promise.resolve(driver.database)) } });

  it('lets owners create, rename, recolour and delete tags, and refuses what it cannot take', async () => {
    const { app, clock } = await appWithDatabase();
    const owner = bffSender(app, await signInAs(app, 'owner@example.com'));
    const staff = bffSender(app, await signInAs(app, 'staff@example.com'));

    const created = await owner('POST', '/bff/tags', { name: '  Wholesale ', colour: 'sky' });
    expect(created.status).toBe(201);
    const wholesale = tagAnswerSchema.parse(await created.json()).data;
    expect(wholesale).toMatchObject({ name: 'Wholesale', colour: 'sky', conversation_count: 0 });

    // Names are unique ignoring case; the refusal names the field.
    const taken = await owner('POST', '/bff/tags', { name: 'WHOLESALE', colour: 'red' });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toMatchObject({ code: 'tag_name_taken', field: 'name' });

    for (const [body, field] of [
      [{ name: '   ', colour: 'sky' }, 'name'],
      [{ name: 'x'.repeat(TAG_NAME_MAX + 1), colour: 'sky' }, 'name'],
      [{ name: 'VIP', colour: 'neon' }, 'colour'],
      [{ name: 'VIP' }, 'colour'],
      [{ name: 'VIP', colour: 'sky', extra: 1 }, undefined],
    ] as const) {
      const refused = await owner('POST', '/bff/tags', body);
      expect(refused.status).toBe(400);
      const error = await errorOf(refused);
      expect(error.code).toBe('invalid_body');
      if (field) expect(error.field).toBe(field);
    }
    const invalidUtf8 = await owner(
      'POST',
      '/bff/tags',
      new Blob([new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])]),
    );
    expect(invalidUtf8.status).toBe(400);
    expect((await errorOf(invalidUtf8)).reason).toBe('invalid_utf8');
    const huge = await owner(
      'POST',
      '/bff/tags',
      JSON.stringify({ name: 'x'.repeat(REQUEST_BODY_MAX_BYTES), colour: 'red' }),
    );
    expect(huge.status).toBe(413);

    // Staff use tags but do not manage them: refused on the BFF whatever the browser shows.
    expect((await staff('POST', '/bff/tags', { name: 'VIP', colour: 'red' })).status).toBe(403);
    expect((await staff('PATCH', `/bff/tags/${wholesale.id}`, { name: 'Bulk' })).status).toBe(403);
    const staffDelete = await staff('DELETE', `/bff/tags/${wholesale.id}`);
    expect(staffDelete.status).toBe(403);
    expect((await errorOf(staffDelete)).code).toBe('role_forbidden');

    const vip = tagAnswerSchema.parse(
      await (await owner('POST', '/bff/tags', { name: 'VIP', colour: 'red' })).json(),
    ).data;
    const renamed = await owner('PATCH', `/bff/tags/${wholesale.id}`, { name: 'Wholesale order' });
    expect(renamed.status).toBe(200);
    expect(tagAnswerSchema.parse(await renamed.json()).data.name).toBe('Wholesale order');
    const recoloured = await owner('PATCH', `/bff/tags/${wholesale.id}`, { colour: 'indigo' });
    expect(tagAnswerSchema.parse(await recoloured.json()).data).toMatchObject({
      name: 'Wholesale order',
      colour: 'indigo',
    });
    const clash = await owner('PATCH', `/bff/tags/${wholesale.id}`, { name: 'vip' });
    expect(clash.status).toBe(409);
    expect((await owner('PATCH', `/bff/tags/${wholesale.id}`, {})).status).toBe(400);
    expect((await errorOf(await owner('PATCH', '/bff/tags/tag_000000000000', { name: 'x' }))).code).toBe(
      'unknown_tag',
    );

    const listed = tagListSchema.parse(await (await staff('GET', '/bff/tags')).json()).data;
    expect(listed.map((tag) => tag.name)).toEqual(['VIP', 'Wholesale order']);

    expect((await owner('DELETE', `/bff/tags/${vip.id}`)).status).toBe(200);
    expect((await owner('DELETE', `/bff/tags/${vip.id}`)).status).toBe(404);
    expect(tagListSchema.parse(await (await staff('GET', '/bff/tags')).json()).data).toHaveLength(1);

    // An expired session is refused like no session.
    clock.advance(31 * 60_000);
    const expired = await staff('GET', '/bff/tags');
    expect(expired.status).toBe(401);
    expect((await errorOf(expired)).code).toBe('session_required');
  });

  it('tags conversations one by one and in bulk, live, in the history and in the inbox rows, filters and counts', async () => {
    const { app } = await appWithDatabase();
    const ownerCookie = await signInAs(app, 'owner@example.com');
    const staffCookie = await signInAs(app, 'staff@example.com');
    const owner = bffSender(app, ownerCookie);
    const staff = bffSender(app, staffCookie);
    const stream = await streamWithReadyInbox(app, staffCookie);

    const wholesale = tagAnswerSchema.parse(
      await (await owner('POST', '/bff/tags', { name: 'Wholesale', colour: 'sky' })).json(),
    ).data;
    const vip = tagAnswerSchema.parse(
      await (await owner('POST', '/bff/tags', { name: 'VIP', colour: 'amber' })).json(),
    ).data;
    const needsPerson = await readInbox(app, staffCookie, '?status=active&handoff_state=human');
    const [first, second, third] = needsPerson.data.map((row) => row.conversation.id);
    expect(third).toBeDefined();

    // One conversation, then two in bulk (the first again: it keeps the tag once).
    const single = await staff('POST', '/bff/conversation-tags', {
      conversation_ids: [first],
      add: [wholesale.id],
    });
    expect(single.status).toBe(200);
    expect(taggingAnswerSchema.parse(await single.json()).data).toEqual([
      { conversation_id: first, tags: [{ id: wholesale.id, name: 'Wholesale', colour: 'sky' }] },
    ]);
    const bulk = await staff('POST', '/bff/conversation-tags', {
      conversation_ids: [first, second],
      add: [wholesale.id, vip.id],
    });
    expect(taggingAnswerSchema.parse(await bulk.json()).data.map((c) => c.tags.map((t) => t.name))).toEqual([
      ['VIP', 'Wholesale'],
      ['VIP', 'Wholesale'],
    ]);

    // Every dashboard hears of it: the tags' `records` event and the history entries.
    const historyEvent = await stream.next((event) => event.event === 'history');
    expect(historyEvent.data).toMatchObject({
      entries: [{ conversation_id: first, kind: 'tagged', tag: 'Wholesale', actor_user_id: 'usr_staff1' }],
    });
    const tagsEvent = await stream.next(
      (event) =>
        event.event === 'records' &&
        (event.data as { conversation_ids: string[] }).conversation_ids.length > 0,
    );
    expect(tagsEvent.data).toEqual({ part: 'tags', conversation_ids: [first] });
    // The bulk change is one event, whatever number of conversations it touched.
    const bulkHistory = await stream.next((event) => event.event === 'history');
    expect(
      (bulkHistory.data as { entries: HistoryEntry[] }).entries
        .map((entry) => `${entry.conversation_id} ${entry.tag}`)
        .sort(),
    ).toEqual([`${first} VIP`, `${second} VIP`, `${second} Wholesale`].sort());
    const history = historyListSchema.parse(
      await (await staff('GET', `/bff/conversations/${second}/history`)).json(),
    );
    expect(
      history.data
        .filter((entry) => entry.kind === 'tagged')
        .map((entry) => entry.tag)
        .sort(),
    ).toEqual(['VIP', 'Wholesale']);

    // The inbox: rows carry their tags, `tag=` lists exactly the tagged ones, with counts per tag.
    const filtered = await readInbox(
      app,
      staffCookie,
      `?status=active&handoff_state=human&tag=${wholesale.id}`,
    );
    expect(filtered.ready).toBe(true);
    expect(filtered.data.map((row) => row.conversation.id).sort()).toEqual([first, second].sort());
    expect(filtered.data[0]!.tags!.map((tag) => tag.name)).toEqual(['VIP', 'Wholesale']);
    expect(filtered.tag_counts).toEqual({ [wholesale.id]: 2, [vip.id]: 2 });
    const untaggedRow = (await readInbox(app, staffCookie, '?status=active&handoff_state=human')).data.find(
      (row) => row.conversation.id === third,
    );
    expect(untaggedRow?.tags).toEqual([]);
    // Combined with a search: the shopper's name narrows the tagged list further.
    const name = filtered.data.find((row) => row.conversation.id === first)!.conversation.display_name!;
    const searched = await readInbox(
      app,
      staffCookie,
      `?q=${encodeURIComponent(name)}&tag=${wholesale.id},${vip.id}`,
    );
    expect(searched.data.map((row) => row.conversation.id)).toContain(first);
    expect(searched.data.every((row) => row.tags!.length === 2)).toBe(true);
    expect((await staff('GET', '/bff/inbox?tag=wholesale')).status).toBe(400);

    // Removing, and the pane's read of one conversation.
    await staff('POST', '/bff/conversation-tags', { conversation_ids: [second], remove: [vip.id] });
    const paneTags = conversationTagListSchema.parse(
      await (await staff('GET', `/bff/conversations/${second}/tags`)).json(),
    );
    expect(paneTags.data.map((tag) => tag.name)).toEqual(['Wholesale']);
    const afterRemoval = (
      await readInbox(app, staffCookie, `?status=active&handoff_state=human&tag=${vip.id}`)
    ).data;
    expect(afterRemoval.map((row) => row.conversation.id)).toEqual([first]);

    // A rename shows on every row that carries the tag; deleting it answers how many lost it.
    await owner('PATCH', `/bff/tags/${wholesale.id}`, { name: 'Bulk buyers' });
    const renamedRows = (
      await readInbox(app, staffCookie, `?status=active&handoff_state=human&tag=${wholesale.id}`)
    ).data;
    expect(renamedRows.map((row) => row.tags!.find((tag) => tag.id === wholesale.id)?.name)).toEqual([
      'Bulk buyers',
      'Bulk buyers',
    ]);
    const listed = tagListSchema.parse(await (await staff('GET', '/bff/tags')).json()).data;
    expect(listed.find((tag) => tag.id === wholesale.id)?.conversation_count).toBe(2);
    const deleted = tagDeletedSchema.parse(await (await owner('DELETE', `/bff/tags/${wholesale.id}`)).json());
    expect(deleted.data.removed_from).toBe(2);
    expect(
      (await readInbox(app, staffCookie, `?status=active&handoff_state=human&tag=${wholesale.id}`)).data,
    ).toEqual([]);
    await stream.cancel();
  });

  it('refuses an unknown conversation or tag, and changes nothing then', async () => {
    const { app } = await appWithDatabase();
    const staffCookie = await signInAs(app, 'staff@example.com');
    const owner = bffSender(app, await signInAs(app, 'owner@example.com'));
    const staff = bffSender(app, staffCookie);
    await streamWithReadyInbox(app, staffCookie);
    const vip = tagAnswerSchema.parse(
      await (await owner('POST', '/bff/tags', { name: 'VIP', colour: 'amber' })).json(),
    ).data;
    const [known] = (await readInbox(app, staffCookie)).data.map((row) => row.conversation.id);

    const unknownConversation = await staff('POST', '/bff/conversation-tags', {
      conversation_ids: [known, 'conv_nosuchthing00'],
      add: [vip.id],
    });
    expect(unknownConversation.status).toBe(404);
    expect(await errorOf(unknownConversation)).toMatchObject({
      code: 'unknown_conversation',
      field: 'conversation_ids.1',
    });

    const unknownTag = await staff('POST', '/bff/conversation-tags', {
      conversation_ids: [known],
      add: [vip.id, 'tag_000000000000'],
    });
    expect(unknownTag.status).toBe(404);
    expect((await errorOf(unknownTag)).code).toBe('unknown_tag');
    const nothing = await staff('POST', '/bff/conversation-tags', { conversation_ids: [known] });
    expect(nothing.status).toBe(400);
    const tooMany = await staff('POST', '/bff/conversation-tags', {
      conversation_ids: Array(101).fill(known),
      add: [vip.id],
    });
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).field).toBe('conversation_ids');

    const tags = conversationTagListSchema.parse(
      await (await staff('GET', `/bff/conversations/${known}/tags`)).json(),
    );
    expect(tags.data).toEqual([]);
  });

  it('while the read model is not ready, the API page carries the tags and the tag filter applies to it', async () => {
    const { app } = await appWithDatabase();
    const staffCookie = await signInAs(app, 'staff@example.com');
    const owner = bffSender(app, await signInAs(app, 'owner@example.com'));
    const staff = bffSender(app, staffCookie);
    // No dashboard has a stream open: the feed has not run and the inbox answers from the API.
    const fromApi = await readInbox(app, staffCookie, '?status=active');
    expect(fromApi.ready).toBe(false);
    const target = fromApi.data[0]!.conversation.id;
    const vip = tagAnswerSchema.parse(
      await (await owner('POST', '/bff/tags', { name: 'VIP', colour: 'amber' })).json(),
    ).data;
    expect(
      (await staff('POST', '/bff/conversation-tags', { conversation_ids: [target], add: [vip.id] })).status,
    ).toBe(200);

    const filtered = await readInbox(app, staffCookie, `?status=active&tag=${vip.id}`);
    expect(filtered.ready).toBe(false);
    expect(filtered.data.map((row) => row.conversation.id)).toEqual([target]);
    expect(filtered.data[0]!.tags!.map((tag) => tag.name)).toEqual(['VIP']);
  });
});

describe('tags while the database is down', () => {
  it('serves the inbox without tags, and refuses a tag filter and the tag routes with 503', async () => {
    const { app } = await liveApp(
      {},
      { deps: { database: new DashboardDatabase(Promise.reject(new Error('refused'))) } },
    );
    const cookie = await signInAs(app, 'staff@example.com');
    const staff = bffSender(app, cookie);
    const inbox = await readInbox(app, cookie, '?status=active');
    expect(inbox.data.length).toBeGreaterThan(0);
    expect(inbox.data[0]!.tags).toBeUndefined();
    expect(inbox.tag_counts).toBeUndefined();
    const filtered = await staff('GET', '/bff/inbox?tag=tag_000000000000');
    expect(filtered.status).toBe(503);
    expect((await errorOf(filtered)).code).toBe('database_unavailable');
    expect((await staff('GET', '/bff/tags')).status).toBe(503);
  });
});
