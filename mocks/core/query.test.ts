import { describe, expect, it } from 'vitest';
import { expectError, simClient, someConversationId } from '../testing/sim-client.ts';

const CONVERSATIONS = '/api/v1/agent-conversations';
const KNOWLEDGE = '/api/v1/agent-knowledge-sources';

describe('invalid_query: nothing is clamped or ignored', () => {
  it.each([
    [CONVERSATIONS, 'foo=1', 'foo'],
    [CONVERSATIONS, 'status=open', 'status'],
    [CONVERSATIONS, 'handoff_state=robot', 'handoff_state'],
    [CONVERSATIONS, 'channel=email', 'channel'],
    [CONVERSATIONS, 'limit=0', 'limit'],
    [CONVERSATIONS, 'limit=101', 'limit'],
    [CONVERSATIONS, 'limit=1.5', 'limit'],
    [CONVERSATIONS, 'limit=-1', 'limit'],
    [CONVERSATIONS, 'limit=ten', 'limit'],
    [CONVERSATIONS, 'limit=', 'limit'],
    [CONVERSATIONS, 'assigned_to=', 'assigned_to'],
    [CONVERSATIONS, 'assigned_to=usr_nobody', 'assigned_to'],
    [CONVERSATIONS, 'assigned_to=usr_nw_owner', 'assigned_to'],
    [CONVERSATIONS, 'updated_after=2026-11-01', 'updated_after'],
    [CONVERSATIONS, 'updated_after=yesterday', 'updated_after'],
    [CONVERSATIONS, 'status=active&status=closed', 'status'],
    [CONVERSATIONS, 'after=', 'after'],
    [CONVERSATIONS, 'after=not-a-cursor', 'after'],
    [KNOWLEDGE, 'kind=pdf', 'kind'],
    [KNOWLEDGE, 'status=active', 'status'],
    [KNOWLEDGE, 'limit=1000', 'limit'],
    ['/api/v1/agent-config', 'include=all', 'include'],
  ])('%s?%s names %s', async (path, query, field) => {
    const client = simClient();
    const error = expectError(await client.call('GET', `${path}?${query}`), 400, 'invalid_query');
    expect(error.field).toBe(field);
  });

  it('validates the nested messages list too', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    for (const query of ['limit=0', 'status=active', 'after=xyz']) {
      expectError(await client.call('GET', `${CONVERSATIONS}/${id}/messages?${query}`), 400, 'invalid_query');
    }
  });

  it('accepts every documented parameter at its bounds', async () => {
    const client = simClient();
    const query =
      'status=active&handoff_state=human&channel=website&assigned_to=usr_staff1&updated_after=2020-01-01T00:00:00%2B02:00&limit=100';
    expect((await client.call('GET', `${CONVERSATIONS}?${query}`)).status).toBe(200);
    expect(
      (await client.call('GET', `${KNOWLEDGE}?kind=doc&updated_after=2020-01-01T00:00:00Z&limit=1`)).status,
    ).toBe(200);
  });
});
