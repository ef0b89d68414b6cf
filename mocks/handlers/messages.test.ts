import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conversationSchema } from '../../src/schemas/conversation.ts';
import { messageSchema } from '../../src/schemas/message.ts';
import {
  dataOf,
  expectError,
  pageOf,
  simClient,
  someConversationId,
  walk,
  type SimClient,
} from '../testing/sim-client.ts';

const conversationPath = (id: string) => `/api/v1/agent-conversations/${id}`;
const deliverySchema = z.looseObject({
  message_id: z.string(),
  via: z.string(),
  channel: z.string(),
  content: z.string(),
});

async function deliveries(client: SimClient, id: string) {
  const answer = await client.call('GET', `/__sim/deliveries?conversation_id=${id}`);
  return z.object({ data: z.array(deliverySchema) }).parse(answer.json).data;
}

describe('GET messages', () => {
  it('404s for a conversation that is not in the store', async () => {
    const client = simClient();
    const error = expectError(
      await client.call('GET', `${conversationPath('conv_nope')}/messages`),
      404,
      'not_found',
    );
    expect(error.resource).toBe('agent_conversation');
  });

  it('serves only shopper and store messages (internal tool turns never appear)', async () => {
    const client = simClient();
    const ids = pageOf(
      await client.call('GET', '/api/v1/agent-conversations?limit=100'),
      conversationSchema,
    ).data.map((c) => c.id);
    for (const id of ids) {
      const messages = await walk(client, `${conversationPath(id)}/messages?limit=100`, messageSchema);
      for (const message of messages) {
        expect(Object.keys(message).sort()).toEqual([
          'author_user_id',
          'content',
          'conversation_id',
          'created_at',
          'id',
          'rating',
          'role',
        ]);
        expect(message.conversation_id).toBe(id);
      }
    }
  });
});

describe('POST message (a staff reply)', () => {
  it.each([
    ['website', 'widget_poll'],
    ['messaging_a', 'platform_push'],
    ['messaging_b', 'platform_push'],
  ])('stores a %s reply as assistant with its author and delivers it by %s', async (channel, via) => {
    const client = simClient();
    const id = await someConversationId(client, `limit=1&channel=${channel}`);
    const before = dataOf(await client.call('GET', conversationPath(id)), conversationSchema);
    const answer = await client.call('POST', `${conversationPath(id)}/messages`, {
      body: { content: 'Hi! Sam here, happy to help.', author_user_id: 'usr_staff1' },
    });
    expect(answer.status).toBe(201);
    const message = dataOf(answer, messageSchema);
    expect(message).toMatchObject({
      role: 'assistant',
      author_user_id: 'usr_staff1',
      rating: null,
      conversation_id: id,
    });
    const after = dataOf(await client.call('GET', conversationPath(id)), conversationSchema);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const transcript = await walk(client, `${conversationPath(id)}/messages?limit=100`, messageSchema);
    expect(transcript.at(-1)).toEqual(message);
    expect(await deliveries(client, id)).toContainEqual(
      expect.objectContaining({ message_id: message.id, via, channel, content: message.content }),
    );
  });

  it.each(['bot', 'human'])('never flips handoff_state (%s)', async (state) => {
    const client = simClient();
    const id = await someConversationId(client, `limit=1&handoff_state=${state}`);
    await client.call('POST', `${conversationPath(id)}/messages`, { body: { content: 'A reply' } });
    expect(dataOf(await client.call('GET', conversationPath(id)), conversationSchema).handoff_state).toBe(
      state,
    );
  });

  it('stores an unattributed reply with author_user_id null', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    for (const body of [{ content: 'No author' }, { content: 'Null author', author_user_id: null }]) {
      const message = dataOf(
        await client.call('POST', `${conversationPath(id)}/messages`, { body }),
        messageSchema,
      );
      expect(message.author_user_id).toBeNull();
    }
  });

  it('404s for a conversation that is not in the store', async () => {
    const client = simClient();
    const answer = await client.call('POST', `${conversationPath('conv_nope')}/messages`, {
      body: { content: 'Hi' },
    });
    expect(expectError(answer, 404, 'not_found').resource).toBe('agent_conversation');
  });
});
