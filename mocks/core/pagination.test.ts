import { describe, expect, it } from 'vitest';
import { conversationSchema } from '../../src/schemas/conversation.ts';
import { knowledgeSourceSchema } from '../../src/schemas/knowledge-source.ts';
import { messageSchema } from '../../src/schemas/message.ts';
import { OTHER_OWNER, expectError, pageOf, simClient, walk } from '../testing/sim-client.ts';

const CONVERSATIONS = '/api/v1/agent-conversations';
const KNOWLEDGE = '/api/v1/agent-knowledge-sources';

function isSortedBy<T>(items: readonly T[], key: (item: T) => string, direction: 1 | -1) {
  return items.every((item, index) => {
    const previous = items[index - 1];
    return previous === undefined || direction * key(previous).localeCompare(key(item)) <= 0;
  });
}

describe('conversation list order and cursors', () => {
  it('walks every conversation once, newest first by created_at, with a page size of 20 by default', async () => {
    const client = simClient();
    const first = pageOf(await client.call('GET', CONVERSATIONS), conversationSchema);
    expect(first.data).toHaveLength(20);
    expect(first.page.has_more).toBe(true);
    const all = await walk(client, `${CONVERSATIONS}?limit=7`, conversationSchema);
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((conversation) => conversation.id)).size).toBe(all.length);
    expect(isSortedBy(all, (conversation) => conversation.created_at, -1)).toBe(true);
  });

  it('ends with has_more false and no next_cursor', async () => {
    const client = simClient();
    const last = pageOf(await client.call('GET', `${CONVERSATIONS}?limit=100`), conversationSchema);
    expect(last.page).toEqual({ has_more: false });
  });

  it('filters and pages with the same cursor rules', async () => {
    const client = simClient();
    const human = await walk(
      client,
      `${CONVERSATIONS}?handoff_state=human&status=active&limit=3`,
      conversationSchema,
    );
    expect(human.length).toBeGreaterThan(0);
    expect(
      human.every(
        (conversation) => conversation.handoff_state === 'human' && conversation.status === 'active',
      ),
    ).toBe(true);
    const mine = await walk(client, `${CONVERSATIONS}?assigned_to=usr_staff1`, conversationSchema);
    expect(mine.every((conversation) => conversation.assigned_to === 'usr_staff1')).toBe(true);
  });

  it('orders by updated_at ascending with updated_after and returns a conversation touched mid-walk again', async () => {
    const client = simClient();
    const path = `${CONVERSATIONS}?updated_after=2000-01-01T00:00:00Z&limit=10`;
    const page1 = pageOf(await client.call('GET', path), conversationSchema);
    expect(isSortedBy(page1.data, (conversation) => conversation.updated_at, 1)).toBe(true);
    const touched = page1.data[0];
    if (touched === undefined) throw new Error('empty page');
    const put = await client.call('PUT', `${CONVERSATIONS}/${touched.id}`, {
      body: {
        status: touched.status === 'active' ? 'closed' : 'active',
        handoff_state: touched.handoff_state,
        assigned_to: touched.assigned_to,
      },
    });
    expect(put.status).toBe(200);
    const rest = await walk(client, path, conversationSchema, { after: page1.page.next_cursor });
    const seen = [...page1.data, ...rest];
    expect(seen.filter((conversation) => conversation.id === touched.id)).toHaveLength(2);
    expect(rest.at(-1)?.id).toBe(touched.id);
    expect(isSortedBy(rest, (conversation) => conversation.updated_at, 1)).toBe(true);
  });

  it('counts updated_after as "at or after" the instant', async () => {
    const client = simClient();
    const newest = pageOf(await client.call('GET', `${CONVERSATIONS}?limit=100`), conversationSchema).data;
    const latest = [...newest].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
    if (latest === undefined) throw new Error('no conversations');
    const since = pageOf(
      await client.call('GET', `${CONVERSATIONS}?updated_after=${latest.updated_at}`),
      conversationSchema,
    );
    expect(since.data.map((conversation) => conversation.id)).toEqual([latest.id]);
  });

  it('refuses a cursor of one ordering in the other, and a cursor of another list', async () => {
    const client = simClient();
    const byCreation = pageOf(await client.call('GET', `${CONVERSATIONS}?limit=2`), conversationSchema).page
      .next_cursor;
    const byUpdate = pageOf(
      await client.call('GET', `${CONVERSATIONS}?limit=2&updated_after=2000-01-01T00:00:00Z`),
      conversationSchema,
    ).page.next_cursor;
    const knowledge = pageOf(await client.call('GET', `${KNOWLEDGE}?limit=1`), knowledgeSourceSchema).page
      .next_cursor;
    const refusals = [
      await client.call('GET', `${CONVERSATIONS}?updated_after=2000-01-01T00:00:00Z&after=${byCreation}`),
      await client.call('GET', `${CONVERSATIONS}?after=${byUpdate}`),
      await client.call('GET', `${CONVERSATIONS}?after=${knowledge}`),
      await client.call('GET', `${KNOWLEDGE}?after=${byCreation}`),
    ];
    for (const answer of refusals) expect(expectError(answer, 400, 'invalid_query').field).toBe('after');
  });

  it('refuses an edited cursor', async () => {
    const client = simClient();
    const cursor =
      pageOf(await client.call('GET', `${CONVERSATIONS}?limit=2`), conversationSchema).page.next_cursor ?? '';
    const [body = ''] = cursor.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), k: 0 })).toString('base64url')}.${cursor.split('.')[1]}`;
    expectError(await client.call('GET', `${CONVERSATIONS}?after=${forged}`), 400, 'invalid_query');
  });
});

describe('message list', () => {
  it('is oldest first and pages with limit and after', async () => {
    const client = simClient();
    const conversations = pageOf(
      await client.call('GET', `${CONVERSATIONS}?limit=100`),
      conversationSchema,
    ).data;
    let longest: { id: string; count: number } = { id: '', count: 0 };
    for (const conversation of conversations) {
      const count = pageOf(
        await client.call('GET', `${CONVERSATIONS}/${conversation.id}/messages?limit=100`),
        messageSchema,
      ).data.length;
      if (count > longest.count) longest = { id: conversation.id, count };
    }
    expect(longest.count).toBeGreaterThanOrEqual(30);
    const paged = await walk(client, `${CONVERSATIONS}/${longest.id}/messages?limit=4`, messageSchema);
    expect(paged).toHaveLength(longest.count);
    expect(isSortedBy(paged, (message) => message.created_at, 1)).toBe(true);
  });

  it('refuses a cursor of another conversation', async () => {
    const client = simClient();
    const [a, b] = pageOf(await client.call('GET', `${CONVERSATIONS}?limit=2`), conversationSchema).data;
    const cursor = pageOf(
      await client.call('GET', `${CONVERSATIONS}/${a?.id}/messages?limit=1`),
      messageSchema,
    ).page.next_cursor;
    expectError(
      await client.call('GET', `${CONVERSATIONS}/${b?.id}/messages?after=${cursor}`),
      400,
      'invalid_query',
    );
  });
});

describe('knowledge source list', () => {
  it('is newest first by default, filters by kind and walks by updated_at with updated_after', async () => {
    const client = simClient();
    const all = await walk(client, `${KNOWLEDGE}?limit=2`, knowledgeSourceSchema);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(isSortedBy(all, (source) => source.created_at, -1)).toBe(true);
    const faqs = await walk(client, `${KNOWLEDGE}?kind=faq&limit=2`, knowledgeSourceSchema);
    expect(faqs.length).toBeGreaterThan(0);
    expect(faqs.every((source) => source.kind === 'faq')).toBe(true);
    const docsByUpdate = await walk(
      client,
      `${KNOWLEDGE}?kind=doc&updated_after=2000-01-01T00:00:00Z&limit=2`,
      knowledgeSourceSchema,
    );
    expect(docsByUpdate.every((source) => source.kind === 'doc')).toBe(true);
    expect(isSortedBy(docsByUpdate, (source) => source.updated_at, 1)).toBe(true);
    expect(docsByUpdate.length + faqs.length).toBe(all.length);
  });

  it("never lists another store's sources", async () => {
    const client = simClient();
    const demo = await walk(client, KNOWLEDGE, knowledgeSourceSchema);
    const other = await walk(client, KNOWLEDGE, knowledgeSourceSchema, { key: OTHER_OWNER });
    const demoIds = new Set(demo.map((source) => source.id));
    expect(other.some((source) => demoIds.has(source.id))).toBe(false);
  });
});
