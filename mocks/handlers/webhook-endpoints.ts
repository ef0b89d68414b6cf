import { refuse } from '../core/errors.ts';
import { defineRoute } from '../core/pipeline.ts';
import { webhookEndpointWire } from '../state/wire.ts';

export const webhookEndpointRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/webhook-endpoints/:webhookEndpointId',
    family: 'webhooks',
    // The spec does not show this route's scope; read_webhooks is the simulator's decision.
    scopes: ['read_webhooks'],
    handle: ({ store, params }) => {
      const endpoint =
        params.webhookEndpointId === undefined
          ? undefined
          : store.webhookEndpoints.get(params.webhookEndpointId);
      if (endpoint === undefined) throw refuse.notFound('webhook_endpoint');
      return { status: 200, body: { data: webhookEndpointWire(endpoint) } };
    },
  }),
];
