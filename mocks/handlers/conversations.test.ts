import { describe, expect, it } from 'vitest';
import { conversationSchema } from '../../src/schemas/conversation.ts';
import {
  OTHER_OWNER,
  dataOf,
  expectError,
  pageOf,
  simClient,
  someConversationId,
} from '../testing/sim-client.ts';

const PATH = '/api/v1/agent-conversations';

describe('reading conversations', () => {
  it('serves one conversation with exactly the spec fields (no transcript, no external_id)', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const answer = await client.call('GET', `${PATH}/${id}`);
    const conversation = dataOf(answer, conversationSchema);
    expect(Object.keys(conversation).sort()).toEqual([
      'assigned_to',
      'channel',
      'created_at',
      'currency',
      'customer_id',
      'display_name',
      'email',
      'handoff_state',
      'id',
      'status',
      'updated_at',
    ]);
  });

  it("answers another store's conversation exactly like an unknown id: 404 agent_conversation", async () => {
    const client = simClient();
    const demoId = await someConversationId(client);
    const fromOther = await client.call('GET', `${PATH}/${demoId}`, { key: OTHER_OWNER });
    const unknown = await client.call('GET', `${PATH}/conv_does_not_exist`);
    expect(expectError(fromOther, 404, 'not_found').resource).toBe('agent_conversation');
    expect(fromOther.text).toBe(unknown.text);
    const put = await client.call('PUT', `${PATH}/${demoId}`, {
      key: OTHER_OWNER,
      body: { status: 'closed', handoff_state: 'bot', assigned_to: null },
    });
    expect(expectError(put, 404, 'not_found').resource).toBe('agent_conversation');
  });

  it("lists only the key's own store", async () => {
    const client = simClient();
    const other = pageOf(
      await client.call('GET', `${PATH}?limit=100`, { key: OTHER_OWNER }),
      conversationSchema,
    ).data;
    const demo = new Set(
      pageOf(await client.call('GET', `${PATH}?limit=100`), conversationSchema).data.map((c) => c.id),
    );
    expect(other.length).toBeGreaterThan(0);
    expect(other.some((conversation) => demo.has(conversation.id))).toBe(false);
  });
});

describe('PUT conversation', () => {
  it('replaces status, handoff_state and assigned_to together and moves updated_at each time', async () => {
    const client = simClient();
    const id = await someConversationId(client, 'limit=1&status=active&handoff_state=bot');
    const put = async (body: object) =>
      dataOf(await client.call('PUT', `${PATH}/${id}`, { body }), conversationSchema);
    const before = dataOf(await client.call('GET', `${PATH}/${id}`), conversationSchema);
    const takeover = await put({ status: 'active', handoff_state: 'human', assigned_to: before.assigned_to });
    expect(takeover.handoff_state).toBe('human');
    expect(takeover.assigned_to).toBe(before.assigned_to);
    const assigned = await put({ status: 'active', handoff_state: 'human', assigned_to: 'usr_staff2' });
    const closed = await put({ status: 'closed', handoff_state: 'human', assigned_to: 'usr_staff2' });
    const cleared = await put({ status: 'closed', handoff_state: 'bot', assigned_to: null });
    expect(cleared).toMatchObject({
      status: 'closed',
      handoff_state: 'bot',
      assigned_to: null,
      created_at: before.created_at,
    });
    const stamps = [before, takeover, assigned, closed, cleared].map((conversation) =>
      Date.parse(conversation.updated_at),
    );
    expect(stamps.every((stamp, index) => index === 0 || stamp > (stamps[index - 1] ?? Infinity))).toBe(true);
  });

  it('keeps updated_at when nothing changes', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const current = dataOf(await client.call('GET', `${PATH}/${id}`), conversationSchema);
    const same = await client.call('PUT', `${PATH}/${id}`, {
      body: {
        status: current.status,
        handoff_state: current.handoff_state,
        assigned_to: current.assigned_to,
      },
    });
    expect(dataOf(same, conversationSchema).updated_at).toBe(current.updated_at);
  });

  it('never hands out the same millisecond twice, even with a frozen clock', async () => {
    const frozen = new Date('2026-11-20T12:00:00.000Z');
    const client = simClient({ now: () => frozen });
    const id = await someConversationId(client);
    const stamps = new Set<string>();
    for (const status of ['closed', 'active', 'closed', 'active']) {
      const answer = await client.call('PUT', `${PATH}/${id}`, {
        body: { status, handoff_state: 'bot', assigned_to: null },
      });
      stamps.add(dataOf(answer, conversationSchema).updated_at);
    }
    expect(stamps.size).toBe(4);
  });
});
