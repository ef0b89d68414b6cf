import type { RequestHandler } from 'msw';
import { z } from 'zod';
import { atMostCharacters } from '../../src/schemas/characters.ts';
import { channelSchema } from '../../src/schemas/conversation.ts';
import { KEY_ROLL_GRACE_MAX_SECONDS } from '../../src/schemas/limits.ts';
import { parseJsonBody, readJsonText } from '../core/body.ts';
import { refuse } from '../core/errors.ts';
import { faultSpecSchema } from '../core/faults.ts';
import { parseQuery } from '../core/query.ts';
import { prepareResult, prepareThrown, toResponse, type RouteResult } from '../core/responses.ts';
import { HTTP_METHODS, stringParams, unmatched } from '../core/routing.ts';
import { checkPathText, decodeQueryPairs } from '../core/text.ts';
import { seedBulkConversations } from '../domain/bulk.ts';
import { rateMessage, revokeKey, rollKey, setAiEnabled } from '../domain/control.ts';
import { shopperWrites } from '../domain/shopper.ts';
import { deliveriesOf } from '../domain/transcript.ts';
import type { Simulator } from '../simulator.ts';
import { conversationWire, messageWire } from '../state/wire.ts';

/** A control-plane route: JSON in and out, no key, no idempotency, no rate limit. */
interface ControlRoute<Body = unknown, Query = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: z.core.$ZodType<Body>;
  query?: z.core.$ZodType<Query>;
  handle(ctx: {
    sim: Simulator;
    params: Readonly<Record<string, string>>;
    body: Body;
    query: Query;
  }): RouteResult;
}

const defineControl = <Body = Record<string, never>, Query = Record<string, never>>(
  route: ControlRoute<Body, Query>,
) => route;

const NOTHING = z.strictObject({});
/** One bulk call's ceiling: a 50 000-conversation store is built in a few calls, each of a few seconds. */
const BULK_MAX_CONVERSATIONS = 20_000;
const nonBlank = z.string().refine((text) => text.trim() !== '', { message: 'cannot be blank' });
const window = {
  limit: z.number().int().min(1).max(1_000_000_000),
  window_s: z.number().int().min(1).max(86_400),
};

/** Exported for the e2e control-plane client, which infers its argument type from it. */
export const shopperMessageSchema = z
  .strictObject({
    store: z.string().min(1).optional(),
    conversation_id: z.string().min(1).optional(),
    channel: z.optional(channelSchema),
    display_name: z.string().superRefine(atMostCharacters(200)).nullable().optional(),
    email: z.string().superRefine(atMostCharacters(254)).nullable().optional(),
    /** A signed-in shopper's customer id (the store links it; tests use it for the customer context). */
    customer_id: z.string().min(1).max(255).nullable().optional(),
    content: nonBlank.pipe(z.string().superRefine(atMostCharacters(10_000))),
    escalate: z.boolean().optional(),
  })
  .refine(
    (body) =>
      body.conversation_id === undefined ||
      (body.channel === undefined &&
        body.display_name === undefined &&
        body.email === undefined &&
        body.customer_id === undefined),
    {
      message: 'channel, display_name, email and customer_id only describe a new conversation',
      path: ['conversation_id'],
    },
  );

export const controlRoutes = [
  defineControl({
    method: 'POST',
    path: '/__sim/reset',
    handle: ({ sim }) => {
      sim.reset();
      return { status: 204 };
    },
  }),
  defineControl({
    method: 'POST',
    path: '/__sim/shopper-messages',
    body: shopperMessageSchema,
    handle: ({ sim, body }) => {
      const { conversation, message, reply } = shopperWrites(sim, body);
      return {
        status: 201,
        body: {
          data: {
            conversation: conversationWire(conversation),
            message: messageWire(message),
            reply: reply === null ? null : messageWire(reply),
          },
        },
      };
    },
  }),
  defineControl({
    method: 'POST',
    path: '/__sim/conversations/bulk',
    body: z.strictObject({
      store: z.string().min(1).optional(),
      count: z.number().int().min(1).max(BULK_MAX_CONVERSATIONS),
      active_share: z.number().min(0).max(1).optional(),
    }),
    handle: ({ sim, body }) => ({ status: 201, body: { data: seedBulkConversations(sim, body) } }),
  }),
  defineControl({
    method: 'POST',
    path: '/__sim/ratings',
    body: z.strictObject({ message_id: z.string().min(1), rating: z.number().int().min(1).max(5) }),
    handle: ({ sim, body }) => ({
      status: 200,
      body: { data: messageWire(rateMessage(sim, body.message_id, body.rating)) },
    }),
  }),
  defineControl({
    method: 'GET',
    path: '/__sim/deliveries',
    query: z.strictObject({ conversation_id: z.string().min(1).optional() }),
    handle: ({ sim, query }) => {
      const id = query.conversation_id;
      if (id !== undefined && ![...sim.state.stores.values()].some((store) => store.conversations.has(id))) {
        throw refuse.notFound('agent_conversation');
      }
      return { status: 200, body: { data: deliveriesOf(sim, id) } };
    },
  }),
  defineControl({
    method: 'PUT',
    path: '/__sim/stores/:store/ai',
    body: z.strictObject({ enabled: z.boolean() }),
    handle: ({ sim, params, body }) => {
      const store = params.store ?? '';
      setAiEnabled(sim, store, body.enabled);
      return { status: 200, body: { data: { store, enabled: body.enabled } } };
    },
  }),
  defineControl({
    method: 'PUT',
    path: '/__sim/rate-limits',
    body: z.strictObject({ ...window, per_address: z.strictObject(window).optional() }),
    handle: ({ sim, body }) => {
      const perKey = { limit: body.limit, windowS: body.window_s };
      const address = body.per_address ?? body;
      sim.rateLimiter.configure({ perKey, perAddress: { limit: address.limit, windowS: address.window_s } });
      return {
        status: 200,
        body: {
          data: {
            limit: body.limit,
            window_s: body.window_s,
            per_address: { limit: address.limit, window_s: address.window_s },
          },
        },
      };
    },
  }),
  defineControl({
    method: 'POST',
    path: '/__sim/keys/:key/roll',
    body: z.strictObject({ grace_s: z.number().int().min(0).max(KEY_ROLL_GRACE_MAX_SECONDS) }),
    handle: ({ sim, params, body }) => ({
      status: 200,
      body: { data: { secret: rollKey(sim, params.key ?? '', body.grace_s) } },
    }),
  }),
  defineControl({
    method: 'POST',
    path: '/__sim/keys/:key/revoke',
    handle: ({ sim, params }) => {
      revokeKey(sim, params.key ?? '');
      return { status: 204 };
    },
  }),
  defineControl({
    method: 'POST',
    path: '/__sim/faults',
    body: faultSpecSchema,
    handle: ({ sim, body }) => ({ status: 201, body: { data: sim.faults.add(body) } }),
  }),
  defineControl({
    method: 'GET',
    path: '/__sim/requests',
    handle: ({ sim }) => ({ status: 200, body: { data: sim.requestLog.list() } }),
  }),
  defineControl({
    method: 'DELETE',
    path: '/__sim/requests',
    handle: ({ sim }) => {
      sim.requestLog.clear();
      return { status: 204 };
    },
  }),
  defineControl({
    method: 'DELETE',
    path: '/__sim/faults',
    handle: ({ sim }) => {
      sim.faults.clear();
      return { status: 204 };
    },
  }),
];

/** Answers one /__sim request; `route` is null for the catch-all (404, 405, invalid_text paths). */
export async function answerControl(
  sim: Simulator,
  request: Request,
  route: ControlRoute | null,
  params: Readonly<Record<string, string>> = {},
): Promise<Response> {
  try {
    const url = new URL(request.url);
    checkPathText(url.pathname);
    const pairs = decodeQueryPairs(url.search);
    if (route === null) throw unmatched(controlRoutes, url.pathname, request.method);
    const query = parseQuery(pairs, route.query ?? NOTHING);
    const body =
      route.method === 'GET' ? {} : parseJsonBody((await readJsonText(request)).text, route.body ?? NOTHING);
    return toResponse(prepareResult(route.handle({ sim, params, body, query })));
  } catch (thrown) {
    return toResponse(prepareThrown(thrown));
  }
}

export function controlPlaneHandlers(sim: Simulator): RequestHandler[] {
  return controlRoutes.map((route) =>
    HTTP_METHODS[route.method](route.path, ({ request, params }) =>
      answerControl(sim, request, route, stringParams(params)),
    ),
  );
}
