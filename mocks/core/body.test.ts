import { describe, expect, it } from 'vitest';
import { AGENT_CONFIG_DEFAULTS } from '../../src/schemas/agent-config.ts';
import { REQUEST_BODY_MAX_BYTES } from '../../src/schemas/limits.ts';
import { messageSchema } from '../../src/schemas/message.ts';
import { SEED_IDS } from '../seed/stores.ts';
import { dataOf, expectError, simClient, someConversationId } from '../testing/sim-client.ts';

const { updated_at: _omit, ...configFields } = AGENT_CONFIG_DEFAULTS;
const CONFIG_BODY = { ...configFields, expected_updated_at: null };
const CONVERSATION_BODY = { status: 'active', handoff_state: 'human', assigned_to: null };
const KNOWLEDGE_BODY = { kind: 'faq', title: 'FAQ', text: 'Q: Hi?\nA: Hello.' };

type Target = 'config' | 'conversation' | 'message' | 'knowledge';

async function pathOf(client: ReturnType<typeof simClient>, target: Target) {
  if (target === 'config') return { method: 'PUT', path: '/api/v1/agent-config' };
  if (target === 'knowledge') return { method: 'POST', path: '/api/v1/agent-knowledge-sources' };
  const id = await someConversationId(client);
  return target === 'conversation'
    ? { method: 'PUT', path: `/api/v1/agent-conversations/${id}` }
    : { method: 'POST', path: `/api/v1/agent-conversations/${id}/messages` };
}

describe('invalid_body reasons and fields', () => {
  it.each<[string, Target, unknown, string, string | undefined]>([
    ['malformed JSON', 'config', '{"enabled": tru', 'malformed_json', undefined],
    ['a missing field', 'config', { ...CONFIG_BODY, greeting: undefined }, 'missing_field', 'greeting'],
    ['every field missing (no body)', 'config', undefined, 'missing_field', undefined],
    [
      'the assigned_to key missing',
      'conversation',
      { status: 'active', handoff_state: 'bot' },
      'missing_field',
      'assigned_to',
    ],
    ['an unknown field', 'config', { ...CONFIG_BODY, tone: 'warm' }, 'unknown_field', 'tone'],
    [
      'channel on the conversation PUT',
      'conversation',
      { ...CONVERSATION_BODY, channel: 'website' },
      'read_only_field',
      'channel',
    ],
    [
      'email on the conversation PUT',
      'conversation',
      { ...CONVERSATION_BODY, email: 'a@example.com' },
      'read_only_field',
      'email',
    ],
    [
      'customer_id on the conversation PUT',
      'conversation',
      { ...CONVERSATION_BODY, customer_id: null },
      'read_only_field',
      'customer_id',
    ],
    ['role on the message POST', 'message', { content: 'Hi', role: 'user' }, 'read_only_field', 'role'],
    ['a null field', 'config', { ...CONFIG_BODY, enabled: null }, 'null_field', 'enabled'],
    ['a null status', 'conversation', { ...CONVERSATION_BODY, status: null }, 'null_field', 'status'],
    ['a wrong type', 'config', { ...CONFIG_BODY, enabled: 'yes' }, 'wrong_type', 'enabled'],
    [
      'a wrong item type',
      'config',
      { ...CONFIG_BODY, suggested_prompts: ['a', 'b', 3] },
      'wrong_type',
      'suggested_prompts[2]',
    ],
    ['a body that is not an object', 'message', ['Hi'], 'wrong_type', undefined],
    [
      'an over-long agent_name',
      'config',
      { ...CONFIG_BODY, agent_name: 'x'.repeat(61) },
      'out_of_range',
      'agent_name',
    ],
    [
      'an over-long greeting',
      'config',
      { ...CONFIG_BODY, greeting: 'x'.repeat(281) },
      'out_of_range',
      'greeting',
    ],
    [
      'an over-long handoff_message',
      'config',
      { ...CONFIG_BODY, handoff_message: 'x'.repeat(281) },
      'out_of_range',
      'handoff_message',
    ],
    [
      'over-long persona_instructions',
      'config',
      { ...CONFIG_BODY, persona_instructions: 'x'.repeat(2001) },
      'out_of_range',
      'persona_instructions',
    ],
    [
      'an over-long title',
      'knowledge',
      { ...KNOWLEDGE_BODY, title: 'x'.repeat(201) },
      'out_of_range',
      'title',
    ],
    [
      'an over-long text',
      'knowledge',
      { ...KNOWLEDGE_BODY, text: 'x'.repeat(100_001) },
      'out_of_range',
      'text',
    ],
    [
      'an unknown status',
      'conversation',
      { ...CONVERSATION_BODY, status: 'open' },
      'invalid_value',
      'status',
    ],
    [
      'a number for an enum',
      'conversation',
      { ...CONVERSATION_BODY, handoff_state: 1 },
      'wrong_type',
      'handoff_state',
    ],
    ['an unknown kind', 'knowledge', { ...KNOWLEDGE_BODY, kind: 'pdf' }, 'invalid_value', 'kind'],
    ['a blank reply', 'message', { content: ' \n\t' }, 'invalid_value', 'content'],
    ['no reply at all', 'message', undefined, 'missing_field', 'content'],
  ])('%s', async (_label, target, body, reason, field) => {
    const client = simClient();
    const { method, path } = await pathOf(client, target);
    const answer = await client.call(method, path, {
      body,
      headers: typeof body === 'string' ? { 'Content-Type': 'application/json' } : {},
    });
    const error = expectError(answer, 400, 'invalid_body');
    expect({ reason: error.reason, field: error.field }).toEqual({ reason, field });
  });

  it('reports the most fundamental problem first and names no field when several share it', async () => {
    const client = simClient();
    const answer = await client.call('PUT', '/api/v1/agent-config', {
      body: { ...CONFIG_BODY, agent_name: 'x'.repeat(61), greeting: 'y'.repeat(300), tone: 'warm' },
    });
    expect(expectError(answer, 400, 'invalid_body')).toMatchObject({
      reason: 'unknown_field',
      field: 'tone',
    });
    const two = await client.call('PUT', '/api/v1/agent-config', {
      body: { ...CONFIG_BODY, agent_name: 'x'.repeat(61), greeting: 'y'.repeat(300) },
    });
    const error = expectError(two, 400, 'invalid_body');
    expect(error.reason).toBe('out_of_range');
    expect(error.field).toBeUndefined();
    expect(error.message).toContain('agent_name');
    expect(error.message).toContain('greeting');
  });
});

describe('references', () => {
  it('answers 422 unprocessable_reference for an author outside the roster', async () => {
    const client = simClient();
    const { path } = await pathOf(client, 'message');
    const error = expectError(
      await client.call('POST', path, { body: { content: 'Hi', author_user_id: 'usr_nw_owner' } }),
      422,
      'unprocessable_reference',
    );
    expect(error).toMatchObject({ resource: 'user', field: 'author_user_id' });
  });

  it('answers 400 invalid_assignee for an assignee outside the roster', async () => {
    const client = simClient();
    const { path } = await pathOf(client, 'conversation');
    const error = expectError(
      await client.call('PUT', path, { body: { ...CONVERSATION_BODY, assigned_to: 'usr_nw_staff1' } }),
      400,
      'invalid_assignee',
    );
    expect(error.field).toBe('assigned_to');
  });
});

describe('media type', () => {
  it.each([
    ['POST', 'text/plain', 'application/json'],
    ['POST', 'application/vnd.api+json', 'application/json'],
    ['POST', 'application/json; charset=latin1', 'application/json'],
    ['POST', undefined, 'application/json'],
    ['PUT', 'application/merge-patch+json', null],
    ['PUT', 'application/x-www-form-urlencoded', null],
  ])('%s with Content-Type %s is 415', async (method, contentType, acceptPost) => {
    const client = simClient();
    const { path } = await pathOf(client, method === 'POST' ? 'message' : 'conversation');
    const headers: Record<string, string> = contentType === undefined ? {} : { 'Content-Type': contentType };
    const body = JSON.stringify(method === 'POST' ? { content: 'Hi' } : CONVERSATION_BODY);
    const answer = await client.call(method, path, { body: new TextEncoder().encode(body), headers });
    expectError(answer, 415, 'unsupported_media_type');
    expect(answer.headers.get('accept-post')).toBe(acceptPost);
  });

  it('accepts application/json with a utf-8 charset', async () => {
    const client = simClient();
    const { path } = await pathOf(client, 'message');
    const answer = await client.call('POST', path, {
      body: JSON.stringify({ content: 'Hi' }),
      headers: { 'Content-Type': 'application/json; charset=UTF-8' },
    });
    expect(answer.status).toBe(201);
  });

  it('needs no Content-Type on a write without a body', async () => {
    const client = simClient();
    const answer = await client.call(
      'DELETE',
      `/api/v1/notification-templates/${SEED_IDS.notificationTemplates.orderConfirmation}`,
    );
    expect(answer.status).toBe(204);
  });
});

describe('invalid_text', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(
      parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)),
    );

  it.each([
    ['invalid UTF-8 in the body', bytes('{"content":"caf', [0xe9], '"}')],
    ['a truncated UTF-8 sequence', bytes('{"content":"', [0xe2, 0x82], '"}')],
    ['a NUL byte in the body', bytes('{"content":"a', [0x00], 'b"}')],
  ])('refuses %s', async (_label, body) => {
    const client = simClient();
    const { path } = await pathOf(client, 'message');
    const answer = await client.call('POST', path, { body, headers: { 'Content-Type': 'application/json' } });
    expectError(answer, 400, 'invalid_text');
  });

  it('refuses an escaped NUL inside a string and names the field', async () => {
    const client = simClient();
    const { path } = await pathOf(client, 'message');
    const answer = await client.call('POST', path, {
      body: '{"content":"a\\u0000b"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(expectError(answer, 400, 'invalid_text').field).toBe('content');
  });

  it.each([
    ['/api/v1/agent-conversations/%FF'],
    ['/api/v1/agent-conversations/abc%00'],
    ['/api/v1/agent-conversations/%E0%80%AF'],
    ['/api/v1/%FF/x'],
    ['/api/v1/agent-conversations?status=%FF'],
    ['/api/v1/agent-conversations?%00=1'],
    ['/api/v1/agent-conversations?limit=1%'],
    ['/__sim/deliveries?conversation_id=%C3'],
    ['/__sim/%FF'],
  ])('refuses %s', async (path) => {
    const client = simClient();
    expectError(await client.call('GET', path), 400, 'invalid_text');
  });

  it('accepts valid UTF-8 text anywhere', async () => {
    const client = simClient();
    const { path } = await pathOf(client, 'message');
    const content = 'Grüße — 👋 ありがとう';
    const answer = await client.call('POST', path, { body: { content } });
    expect(dataOf(answer, messageSchema).content).toBe(content);
  });
});

describe('body size cap (1 MiB)', () => {
  it('takes a body of exactly the cap and refuses one byte more with 413 payload_too_large', async () => {
    const client = simClient();
    const { path } = await pathOf(client, 'message');
    const json = JSON.stringify({ content: 'Hi' });
    const atCap = json + ' '.repeat(REQUEST_BODY_MAX_BYTES - json.length);
    const ok = await client.call('POST', path, {
      body: atCap,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(ok.status).toBe(201);
    const over = await client.call('POST', path, {
      body: `${atCap} `,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(expectError(over, 413, 'payload_too_large').message).toContain(String(REQUEST_BODY_MAX_BYTES));
  });
});
