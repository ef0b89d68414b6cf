import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AGENT_CONFIG_DEFAULTS, agentConfigSchema } from '../../src/schemas/agent-config.ts';
import { conversationSchema } from '../../src/schemas/conversation.ts';
import { messageSchema } from '../../src/schemas/message.ts';
import { BUILT_IN_HANDOFF_MESSAGE } from '../seed/transcripts.ts';
import {
  OTHER_OWNER,
  dataOf,
  expectError,
  manualClock,
  pageOf,
  simClient,
  walk,
  type SimClient,
} from '../testing/sim-client.ts';

const shopperResult = z.object({
  conversation: conversationSchema,
  message: messageSchema,
  reply: z.nullable(messageSchema),
});

async function shopperWrites(client: SimClient, body: object) {
  const answer = await client.call('POST', '/__sim/shopper-messages', { key: null, body });
  expect(answer.status).toBe(201);
  return dataOf(answer, shopperResult);
}

describe('POST /__sim/reset', () => {
  it('goes back to the same seed, ids and texts included', async () => {
    const clock = manualClock();
    const client = simClient({ now: clock.now });
    const before = (await client.call('GET', '/api/v1/agent-conversations?limit=100')).text;
    const { updated_at: _omit, ...fields } = AGENT_CONFIG_DEFAULTS;
    await client.call('PUT', '/api/v1/agent-config', { body: { ...fields, expected_updated_at: null } });
    await shopperWrites(client, { content: 'Hello?' });
    const reset = await client.call('POST', '/__sim/reset', { key: null });
    expect(reset.status).toBe(204);
    expect((await client.call('GET', '/api/v1/agent-conversations?limit=100')).text).toBe(before);
    expect(dataOf(await client.call('GET', '/api/v1/agent-config'), agentConfigSchema).updated_at).toBeNull();
    const fresh = simClient({ now: clock.now });
    expect((await fresh.call('GET', '/api/v1/agent-conversations?limit=100')).text).toBe(before);
  });
});

describe('POST /__sim/shopper-messages', () => {
  it('opens a conversation and the assistant answers with real products and prices', async () => {
    const client = simClient();
    const result = await shopperWrites(client, {
      channel: 'messaging_a',
      display_name: 'Kari Nordmann',
      email: 'kari@example.com',
      content: 'Do you have a warm merino sweater?',
    });
    expect(result.conversation).toMatchObject({
      channel: 'messaging_a',
      display_name: 'Kari Nordmann',
      handoff_state: 'bot',
      status: 'active',
      assigned_to: null,
    });
    expect(result.message).toMatchObject({ role: 'user', content: 'Do you have a warm merino sweater?' });
    expect(result.reply?.content).toContain('Merino Crew Sweater');
    expect(result.reply?.content).toContain('€89.00');
    const listed = pageOf(await client.call('GET', '/api/v1/agent-conversations?limit=1'), conversationSchema)
      .data[0];
    expect(listed?.id).toBe(result.conversation.id);
    const transcript = await walk(
      client,
      `/api/v1/agent-conversations/${result.conversation.id}/messages`,
      messageSchema,
    );
    expect(transcript.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  it('hands over on escalate with the built-in handoff text, then stays silent until handed back', async () => {
    const client = simClient();
    const opened = await shopperWrites(client, { content: 'I want to talk to a person', escalate: true });
    expect(opened.conversation.handoff_state).toBe('human');
    expect(opened.reply?.content).toBe(BUILT_IN_HANDOFF_MESSAGE);
    const id = opened.conversation.id;
    expect((await shopperWrites(client, { conversation_id: id, content: 'Hello?' })).reply).toBeNull();
    await client.call('POST', `/api/v1/agent-conversations/${id}/messages`, {
      body: { content: 'Hi, Sam here.', author_user_id: 'usr_staff1' },
    });
    expect((await shopperWrites(client, { conversation_id: id, content: 'Thanks Sam!' })).reply).toBeNull();
    await client.call('PUT', `/api/v1/agent-conversations/${id}`, {
      body: { status: 'active', handoff_state: 'bot', assigned_to: null },
    });
    expect(
      (await shopperWrites(client, { conversation_id: id, content: 'Any boots?' })).reply?.content,
    ).toContain('Leather Chelsea Boots');
  });

  it("uses the store's own handoff message and currency", async () => {
    const client = simClient();
    const other = await client.call('GET', '/api/v1/agent-config', { key: OTHER_OWNER });
    const handoff = dataOf(other, agentConfigSchema).handoff_message;
    const result = await shopperWrites(client, {
      store: 'store_other',
      content: 'Tent question, get me a human',
      escalate: true,
    });
    expect(result.reply?.content).toBe(handoff);
    expect(result.conversation.currency).toBe('USD');
    const answered = await shopperWrites(client, { store: 'store_other', content: 'How much is the tent?' });
    expect(answered.reply?.content).toContain('$349.00');
  });

  it('moves updated_at so that a poll with updated_after sees the new message', async () => {
    const client = simClient();
    const id =
      pageOf(
        await client.call('GET', '/api/v1/agent-conversations?limit=1&status=closed'),
        conversationSchema,
      ).data[0]?.id ?? '';
    const since = new Date().toISOString();
    await shopperWrites(client, { conversation_id: id, content: 'One more question about returns' });
    const changed = pageOf(
      await client.call('GET', `/api/v1/agent-conversations?updated_after=${since}`),
      conversationSchema,
    ).data;
    expect(changed.map((conversation) => conversation.id)).toContain(id);
  });

  it.each([
    [{}, 'missing_field', 'content'],
    [{ content: '   ' }, 'invalid_value', 'content'],
    [{ content: 'Hi', channel: 'sms' }, 'invalid_value', 'channel'],
    [{ content: 'Hi', mood: 'happy' }, 'unknown_field', 'mood'],
    [{ content: 'Hi', conversation_id: 'conv_x', channel: 'website' }, 'invalid_value', 'conversation_id'],
  ])('refuses %j with invalid_body %s', async (body, reason, field) => {
    const client = simClient();
    const answer = await client.call('POST', '/__sim/shopper-messages', { body });
    expect(expectError(answer, 400, 'invalid_body')).toMatchObject({ reason, field });
  });

  it('404s for an unknown conversation or store', async () => {
    const client = simClient();
    expectError(
      await client.call('POST', '/__sim/shopper-messages', {
        body: { conversation_id: 'conv_x', content: 'Hi' },
      }),
      404,
      'not_found',
    );
    expectError(
      await client.call('POST', '/__sim/shopper-messages', { body: { store: 'store_x', content: 'Hi' } }),
      404,
      'not_found',
    );
  });

  it('refuses a body that is not JSON', async () => {
    const client = simClient();
    const answer = await client.call('POST', '/__sim/shopper-messages', {
      body: 'content=hi',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectError(answer, 415, 'unsupported_media_type');
  });
});

describe('POST /__sim/ratings', () => {
  it('rates an assistant message, visible through the API', async () => {
    const client = simClient();
    const { conversation, reply } = await shopperWrites(client, { content: 'Any scarves?' });
    const rated = await client.call('POST', '/__sim/ratings', { body: { message_id: reply?.id, rating: 2 } });
    expect(dataOf(rated, messageSchema).rating).toBe(2);
    const transcript = await walk(
      client,
      `/api/v1/agent-conversations/${conversation.id}/messages`,
      messageSchema,
    );
    expect(transcript.find((message) => message.id === reply?.id)?.rating).toBe(2);
  });

  it('refuses to rate a shopper message, a rating outside 1..5 and an unknown message', async () => {
    const client = simClient();
    const { message } = await shopperWrites(client, { content: 'Hi' });
    expect(
      expectError(
        await client.call('POST', '/__sim/ratings', { body: { message_id: message.id, rating: 5 } }),
        400,
        'invalid_body',
      ).field,
    ).toBe('message_id');
    for (const rating of [0, 6, 4.5]) {
      expect(
        expectError(
          await client.call('POST', '/__sim/ratings', { body: { message_id: message.id, rating } }),
          400,
          'invalid_body',
        ).field,
      ).toBe('rating');
    }
    expect(
      expectError(
        await client.call('POST', '/__sim/ratings', { body: { message_id: 'msg_x', rating: 3 } }),
        404,
        'not_found',
      ).resource,
    ).toBe('agent_message');
  });
});

describe('GET /__sim/deliveries', () => {
  it('lists what reached the shopper, per conversation', async () => {
    const client = simClient();
    const { conversation, reply } = await shopperWrites(client, { content: 'Shipping to Spain?' });
    const answer = await client.call('GET', `/__sim/deliveries?conversation_id=${conversation.id}`);
    const deliveries = z
      .object({ data: z.array(z.looseObject({ message_id: z.string(), via: z.string() })) })
      .parse(answer.json).data;
    expect(deliveries).toEqual([expect.objectContaining({ message_id: reply?.id, via: 'widget_poll' })]);
    expectError(await client.call('GET', '/__sim/deliveries?conversation_id=conv_x'), 404, 'not_found');
    expectError(await client.call('GET', '/__sim/deliveries?store=store_demo'), 400, 'invalid_query');
  });
});

describe('PUT /__sim/stores/{store}/ai', () => {
  it('validates the body and the store', async () => {
    const client = simClient();
    expect(
      expectError(
        await client.call('PUT', '/__sim/stores/store_demo/ai', { body: { enabled: 'no' } }),
        400,
        'invalid_body',
      ).reason,
    ).toBe('wrong_type');
    expectError(
      await client.call('PUT', '/__sim/stores/store_x/ai', { body: { enabled: false } }),
      404,
      'not_found',
    );
  });

  it('silences the assistant while the AI stack is off', async () => {
    const client = simClient();
    await client.call('PUT', '/__sim/stores/store_demo/ai', { body: { enabled: false } });
    expect((await shopperWrites(client, { content: 'Hello?' })).reply).toBeNull();
  });
});

describe('POST /__sim/conversations/bulk', () => {
  const bulkResult = z.object({
    store: z.string(),
    created: z.number(),
    active: z.number(),
    needs_person: z.number(),
  });
  const messagePage = z.object({ data: z.array(messageSchema) });

  it('adds many conversations with transcripts, a third active by default, listed and read through the API', async () => {
    const client = simClient();
    const before = await walk(client, '/api/v1/agent-conversations?limit=100', conversationSchema);
    const answer = await client.call('POST', '/__sim/conversations/bulk', {
      key: null,
      body: { count: 900 },
    });
    expect(answer.status).toBe(201);
    const result = dataOf(answer, bulkResult);
    expect(result).toMatchObject({ store: 'store_demo', created: 900 });
    expect(result.active).toBeGreaterThan(900 * 0.25);
    expect(result.active).toBeLessThan(900 * 0.42);
    expect(result.needs_person).toBeGreaterThan(0);

    const after = await walk(client, '/api/v1/agent-conversations?limit=100', conversationSchema);
    expect(after).toHaveLength(before.length + 900);
    const added = after.filter((conversation) => !before.some((old) => old.id === conversation.id));
    const active = added.filter((conversation) => conversation.status === 'active');
    expect(active).toHaveLength(result.active);
    expect(active.filter((conversation) => conversation.handoff_state === 'human')).toHaveLength(
      result.needs_person,
    );
    expect(added.some((conversation) => conversation.assigned_to !== null)).toBe(true);
    // Shoppers differ: a search by email meets few conversations.
    const emails = new Set(added.map((conversation) => conversation.email).filter(Boolean));
    expect(emails.size).toBeGreaterThan(200);
    // Every one happened in the past and has a transcript the API serves.
    const now = Date.now();
    for (const conversation of added) expect(Date.parse(conversation.updated_at)).toBeLessThan(now);
    for (const conversation of added.slice(0, 20)) {
      const messages = await client.call('GET', `/api/v1/agent-conversations/${conversation.id}/messages`);
      expect(messages.status).toBe(200);
      expect(messagePage.parse(messages.json).data.length).toBeGreaterThan(0);
    }
  });

  it('takes the share of active conversations and another store', async () => {
    const client = simClient();
    const answer = await client.call('POST', '/__sim/conversations/bulk', {
      key: null,
      body: { store: 'store_other', count: 50, active_share: 1 },
    });
    expect(dataOf(answer, bulkResult)).toMatchObject({ store: 'store_other', created: 50, active: 50 });
    const listed = await walk(
      client,
      '/api/v1/agent-conversations?limit=100&status=closed',
      conversationSchema,
      {
        key: OTHER_OWNER,
      },
    );
    const all = await walk(client, '/api/v1/agent-conversations?limit=100', conversationSchema, {
      key: OTHER_OWNER,
    });
    expect(all.length - listed.length).toBeGreaterThanOrEqual(50);
  });

  it('refuses a count out of range, an unknown field and an unknown store, adding nothing', async () => {
    const client = simClient();
    const count = async () =>
      (await walk(client, '/api/v1/agent-conversations?limit=100', conversationSchema)).length;
    const before = await count();
    const refusals = [
      [{ count: 0 }, 'out_of_range', 'count'],
      [{ count: 20_001 }, 'out_of_range', 'count'],
      [{ count: '5' }, 'wrong_type', 'count'],
      [{ count: 5, active_share: 2 }, 'out_of_range', 'active_share'],
      [{ count: 5, colour: 'red' }, 'unknown_field', 'colour'],
      [{}, 'missing_field', 'count'],
    ] as const;
    for (const [body, reason, field] of refusals) {
      const answer = await client.call('POST', '/__sim/conversations/bulk', { key: null, body });
      expect(expectError(answer, 400, 'invalid_body')).toMatchObject({ reason, field });
    }
    expectError(
      await client.call('POST', '/__sim/conversations/bulk', {
        key: null,
        body: { store: 'store_none', count: 5 },
      }),
      404,
      'not_found',
    );
    expect(await count()).toBe(before);
  });
});
