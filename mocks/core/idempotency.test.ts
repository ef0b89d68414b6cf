import { describe, expect, it } from 'vitest';
import { knowledgeSourceSchema } from '../../src/schemas/knowledge-source.ts';
import { messageSchema } from '../../src/schemas/message.ts';
import { SEED_IDS } from '../seed/stores.ts';
import {
  OTHER_OWNER,
  READONLY,
  dataOf,
  expectError,
  manualClock,
  pageOf,
  simClient,
  someConversationId,
  type SimClient,
} from '../testing/sim-client.ts';

const messagesOf = (id: string) => `/api/v1/agent-conversations/${id}/messages`;

async function transcriptLength(client: SimClient, id: string) {
  return pageOf(await client.call('GET', `${messagesOf(id)}?limit=100`), messageSchema).data.length;
}

describe('Idempotency-Key header', () => {
  it.each([
    ['PUT', '/api/v1/agent-config'],
    ['PUT', '/api/v1/agent-conversations/conv_x'],
    ['POST', '/api/v1/agent-conversations/conv_x/messages'],
    ['POST', '/api/v1/agent-knowledge-sources'],
    ['DELETE', `/api/v1/notification-templates/${SEED_IDS.notificationTemplates.orderConfirmation}`],
  ])('is required on %s %s', async (method, path) => {
    const client = simClient();
    expectError(
      await client.call(method, path, { idempotencyKey: null, body: {} }),
      400,
      'idempotency_key_required',
    );
  });

  it('may be 255 bytes but not 256', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const ok = await client.call('POST', messagesOf(id), {
      idempotencyKey: 'k'.repeat(255),
      body: { content: 'Hi' },
    });
    expect(ok.status).toBe(201);
    const tooLong = await client.call('POST', messagesOf(id), {
      idempotencyKey: 'k'.repeat(256),
      body: { content: 'Hi' },
    });
    expectError(tooLong, 400, 'invalid_request');
  });
});

describe('replay', () => {
  it('returns the first response byte for byte and applies the write once', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const before = await transcriptLength(client, id);
    const send = () =>
      client.call('POST', messagesOf(id), { idempotencyKey: 'reply-1', body: { content: 'On its way!' } });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(first.status);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await transcriptLength(client, id)).toBe(before + 1);
  });

  it('replays a 204 without a body', async () => {
    const client = simClient();
    const path = `/api/v1/notification-templates/${SEED_IDS.notificationTemplates.shippingUpdate}`;
    const first = await client.call('DELETE', path, { idempotencyKey: 'del-1' });
    const again = await client.call('DELETE', path, { idempotencyKey: 'del-1' });
    expect([first.status, again.status]).toEqual([204, 204]);
    expect(again.text).toBe('');
    expectError(await client.call('DELETE', path, { idempotencyKey: 'del-2' }), 404, 'not_found');
  });

  it('refuses the same key with a different body, path or method (one namespace per store)', async () => {
    const client = simClient();
    const [a, b] = [
      await someConversationId(client, 'limit=1'),
      await someConversationId(client, 'limit=1&status=closed'),
    ];
    expect(
      (await client.call('POST', messagesOf(a), { idempotencyKey: 'shared', body: { content: 'One' } }))
        .status,
    ).toBe(201);
    const clashes = [
      client.call('POST', messagesOf(a), { idempotencyKey: 'shared', body: { content: 'Two' } }),
      client.call('POST', messagesOf(b), { idempotencyKey: 'shared', body: { content: 'One' } }),
      client.call('PUT', `/api/v1/agent-conversations/${a}`, {
        idempotencyKey: 'shared',
        body: { status: 'closed', handoff_state: 'bot', assigned_to: null },
      }),
      client.call('POST', '/api/v1/agent-knowledge-sources', {
        idempotencyKey: 'shared',
        body: { kind: 'doc', title: 'x', text: 'Some words here.' },
      }),
    ];
    for (const answer of await Promise.all(clashes)) expectError(answer, 409, 'idempotency_key_reused');
  });

  it('keeps keys of different stores apart', async () => {
    const client = simClient();
    const body = { kind: 'doc', title: 'Shared key', text: 'Plenty of words in this document.' };
    const demo = await client.call('POST', '/api/v1/agent-knowledge-sources', {
      idempotencyKey: 'same',
      body,
    });
    const other = await client.call('POST', '/api/v1/agent-knowledge-sources', {
      key: OTHER_OWNER,
      idempotencyKey: 'same',
      body,
    });
    expect([demo.status, other.status]).toEqual([201, 201]);
    expect(dataOf(other, knowledgeSourceSchema).id).not.toBe(dataOf(demo, knowledgeSourceSchema).id);
  });

  it('forgets a key after 24 hours', async () => {
    const clock = manualClock();
    const client = simClient({ now: clock.now });
    const id = await someConversationId(client);
    const send = () =>
      client.call('POST', messagesOf(id), { idempotencyKey: 'daily', body: { content: 'Hello' } });
    const first = dataOf(await send(), messageSchema);
    clock.advance(24 * 3600 * 1000);
    expect(dataOf(await send(), messageSchema).id).not.toBe(first.id);
  });
});

describe('what is recorded', () => {
  it('records nothing for a 413: the key may be reused with a smaller body', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const huge = await client.call('POST', messagesOf(id), {
      idempotencyKey: 'big',
      body: { content: 'x'.repeat(2 * 1024 * 1024) },
    });
    expectError(huge, 413, 'payload_too_large');
    expect(
      (await client.call('POST', messagesOf(id), { idempotencyKey: 'big', body: { content: 'small' } }))
        .status,
    ).toBe(201);
  });

  it('records nothing for 401 and 403: they happen before the key is looked at', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const body = { content: 'Hello' };
    expectError(
      await client.call('POST', messagesOf(id), { key: READONLY, idempotencyKey: 'k1', body }),
      403,
      'insufficient_scope',
    );
    expectError(
      await client.call('POST', messagesOf(id), { key: 'sk_nope', idempotencyKey: 'k1', body }),
      401,
      'unauthorized',
    );
    expect((await client.call('POST', messagesOf(id), { idempotencyKey: 'k1', body })).status).toBe(201);
  });

  it('records nothing for a body refused by validation (the request never reached the store)', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    expectError(
      await client.call('POST', messagesOf(id), { idempotencyKey: 'k2', body: { content: ' ' } }),
      400,
      'invalid_body',
    );
    expectError(
      await client.call('POST', messagesOf(id), {
        idempotencyKey: 'k2',
        body: '{',
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
      'invalid_body',
    );
    expect(
      (await client.call('POST', messagesOf(id), { idempotencyKey: 'k2', body: { content: 'Fixed' } }))
        .status,
    ).toBe(201);
  });

  it('records a refusal decided by the store, such as 409 config_modified or 422', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const body = { content: 'Hi', author_user_id: 'usr_ghost' };
    const first = await client.call('POST', messagesOf(id), { idempotencyKey: 'k3', body });
    expectError(first, 422, 'unprocessable_reference');
    const replay = await client.call('POST', messagesOf(id), { idempotencyKey: 'k3', body });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('does not record a 503, so a retry after enabling the AI stack succeeds', async () => {
    const client = simClient();
    await client.call('PUT', '/__sim/stores/store_demo/ai', { body: { enabled: false } });
    const body = { kind: 'faq', title: 'Sizing', text: 'Q: Do you ship abroad?\nA: Yes, to 30 countries.' };
    const refused = await client.call('POST', '/api/v1/agent-knowledge-sources', {
      idempotencyKey: 'k4',
      body,
    });
    expectError(refused, 503, 'agent_disabled');
    await client.call('PUT', '/__sim/stores/store_demo/ai', { body: { enabled: true } });
    const retried = await client.call('POST', '/api/v1/agent-knowledge-sources', {
      idempotencyKey: 'k4',
      body,
    });
    expect(retried.status).toBe(201);
    expect(dataOf(retried, knowledgeSourceSchema).chunk_count).toBe(1);
  });
});

describe('a request still running', () => {
  it('answers an identical request 409 idempotency_key_in_progress and applies exactly one', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const before = await transcriptLength(client, id);
    await client.call('POST', '/__sim/faults', {
      body: { method: 'POST', path: messagesOf(id), times: 1, delay_ms: 150 },
    });
    const send = () =>
      client.call('POST', messagesOf(id), { idempotencyKey: 'slow', body: { content: 'Hold on' } });
    const slow = send();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectError(await send(), 409, 'idempotency_key_in_progress');
    const first = await slow;
    expect(first.status).toBe(201);
    const retry = await send();
    expect(retry.text).toBe(first.text);
    expect(await transcriptLength(client, id)).toBe(before + 1);
  });
});
