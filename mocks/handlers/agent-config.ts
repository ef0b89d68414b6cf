import { agentConfigUpdateSchema, normalizeSuggestedPrompts } from '../../src/schemas/agent-config.ts';
import { refuse } from '../core/errors.ts';
import { defineRoute } from '../core/pipeline.ts';
import { agentConfigWire } from '../state/wire.ts';

const PATH = '/api/v1/agent-config';

export const agentConfigRoutes = [
  defineRoute({
    method: 'GET',
    path: PATH,
    family: 'sales_agent',
    scopes: ['read_sales_agent'],
    handle: ({ store }) => ({ status: 200, body: { data: agentConfigWire(store) } }),
  }),
  defineRoute({
    method: 'PUT',
    path: PATH,
    family: 'sales_agent',
    scopes: ['write_sales_agent'],
    body: agentConfigUpdateSchema,
    handle: ({ sim, store, body }) => {
      // Optimistic concurrency: null matches only a store that never saved a config.
      if (body.expected_updated_at !== (store.config?.updated_at ?? null)) throw refuse.configModified();
      const { expected_updated_at: _expected, ...fields } = body;
      store.config = {
        ...fields,
        suggested_prompts: normalizeSuggestedPrompts(fields.suggested_prompts),
        updated_at: sim.clock.stamp(),
      };
      return { status: 200, body: { data: agentConfigWire(store) } };
    },
  }),
];
