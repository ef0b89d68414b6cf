import { describe, expect, it } from 'vitest';
import { AGENT_CONFIG_DEFAULTS, agentConfigSchema } from '../../src/schemas/agent-config.ts';
import { OTHER_OWNER, dataOf, expectError, simClient } from '../testing/sim-client.ts';

const PATH = '/api/v1/agent-config';
const { updated_at: _omit, ...fields } = AGENT_CONFIG_DEFAULTS;

describe('agent config', () => {
  it('serves the defaults with updated_at null to a store that never saved one', async () => {
    const client = simClient();
    expect(dataOf(await client.call('GET', PATH), agentConfigSchema)).toEqual(AGENT_CONFIG_DEFAULTS);
  });

  it("serves store_other's saved config", async () => {
    const client = simClient();
    const config = dataOf(await client.call('GET', PATH, { key: OTHER_OWNER }), agentConfigSchema);
    expect(config.updated_at).not.toBeNull();
    expect(config.agent_name).toBe('Trail Guide');
  });

  it('creates the config with expected_updated_at null, normalising suggested prompts', async () => {
    const client = simClient();
    const prompts = [
      '  ',
      'Track my order',
      'x'.repeat(90),
      '',
      'Sizes?',
      'Returns',
      'Gift ideas',
      'Delivery',
      'Eighth',
    ];
    const saved = await client.call('PUT', PATH, {
      body: { ...fields, expected_updated_at: null, agent_name: 'Fern', suggested_prompts: prompts },
    });
    expect(saved.status).toBe(200);
    const config = dataOf(saved, agentConfigSchema);
    expect(config.suggested_prompts).toEqual([
      'Track my order',
      'x'.repeat(80),
      'Sizes?',
      'Returns',
      'Gift ideas',
      'Delivery',
    ]);
    expect(config.updated_at).not.toBeNull();
    expect(dataOf(await client.call('GET', PATH), agentConfigSchema)).toEqual(config);
  });

  it('replaces the whole config only when expected_updated_at matches, with a new updated_at each time', async () => {
    const client = simClient();
    const first = dataOf(
      await client.call('PUT', PATH, { body: { ...fields, expected_updated_at: null } }),
      agentConfigSchema,
    );
    expectError(
      await client.call('PUT', PATH, { body: { ...fields, expected_updated_at: null } }),
      409,
      'config_modified',
    );
    expectError(
      await client.call('PUT', PATH, {
        body: { ...fields, expected_updated_at: '2020-01-01T00:00:00.000Z' },
      }),
      409,
      'config_modified',
    );
    const second = dataOf(
      await client.call('PUT', PATH, {
        body: { ...fields, enabled: false, expected_updated_at: first.updated_at },
      }),
      agentConfigSchema,
    );
    expect(second.enabled).toBe(false);
    expect(Date.parse(second.updated_at ?? '')).toBeGreaterThan(Date.parse(first.updated_at ?? ''));
    expectError(
      await client.call('PUT', PATH, { body: { ...fields, expected_updated_at: first.updated_at } }),
      409,
      'config_modified',
    );
  });

  it('counts characters as code points: emoji fit the limit, one more is out_of_range', async () => {
    const client = simClient();
    const name = '😀'.repeat(60); // 120 UTF-16 units
    const saved = await client.call('PUT', PATH, {
      body: { ...fields, expected_updated_at: null, agent_name: name },
    });
    expect(dataOf(saved, agentConfigSchema).agent_name).toBe(name);
    const refused = expectError(
      await client.call('PUT', PATH, {
        body: { ...fields, expected_updated_at: null, agent_name: `${name}e\u0301` },
      }),
      400,
      'invalid_body',
    );
    expect(refused).toMatchObject({ reason: 'out_of_range', field: 'agent_name' });
  });

  it('refuses expected_updated_at null once a config exists', async () => {
    const client = simClient();
    expectError(
      await client.call('PUT', PATH, { key: OTHER_OWNER, body: { ...fields, expected_updated_at: null } }),
      409,
      'config_modified',
    );
  });
});
