import { describe, expect, it } from 'vitest';
import { knowledgeSourceSchema } from '../../src/schemas/knowledge-source.ts';
import { OTHER_OWNER, dataOf, expectError, simClient, walk } from '../testing/sim-client.ts';

const PATH = '/api/v1/agent-knowledge-sources';

describe('POST knowledge source', () => {
  it.each([
    ['faq', 'Shipping', 'Q: Do you ship to Norway?\nA: Yes, in 3-5 days.\nQ: Is it free?\nA: Over €75.', 2],
    ['doc', 'Brand story', 'We started in a garage in 2014.\n\nEverything is made in Portugal.', 1],
    ['faq', 'No pairs', 'Shipping is fast and free.', 0],
    ['doc', 'Blank', '   \n\n   ', 0],
  ] as const)('computes chunk_count for a %s (%s) before storing it', async (kind, title, text, chunks) => {
    const client = simClient();
    const answer = await client.call('POST', PATH, { body: { kind, title, text } });
    expect(answer.status).toBe(201);
    const source = dataOf(answer, knowledgeSourceSchema);
    expect(source).toMatchObject({ kind, title, chunk_count: chunks });
    expect(source.created_at).toBe(source.updated_at);
    expect(answer.text).not.toContain(text.slice(0, 10));
    const listed = await walk(client, PATH, knowledgeSourceSchema);
    expect(listed[0]).toEqual(source);
    expect(Object.keys(source).sort()).toEqual([
      'chunk_count',
      'created_at',
      'id',
      'kind',
      'title',
      'updated_at',
    ]);
  });

  it('answers 503 agent_disabled while the store AI stack is off, per store', async () => {
    const client = simClient();
    const body = { kind: 'doc', title: 'Care', text: 'Wash cold.' };
    await client.call('PUT', '/__sim/stores/store_demo/ai', { body: { enabled: false } });
    expectError(await client.call('POST', PATH, { body }), 503, 'agent_disabled');
    expect((await client.call('POST', PATH, { key: OTHER_OWNER, body })).status).toBe(201);
  });

  it('includes seeded sources of both kinds, one with chunk_count 0', async () => {
    const client = simClient();
    const sources = await walk(client, PATH, knowledgeSourceSchema);
    expect(new Set(sources.map((source) => source.kind))).toEqual(new Set(['faq', 'doc']));
    expect(sources.some((source) => source.chunk_count === 0)).toBe(true);
  });
});
