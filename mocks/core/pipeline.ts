import type { RequestHandler } from 'msw';
import { z } from 'zod';
import type { Simulator } from '../simulator.ts';
import type { ApiKeyRecord, StoreData } from '../state/types.ts';
import { authenticate, requireScopes, type AuthOptions } from './auth.ts';
import { parseJsonBody, readJsonText } from './body.ts';
import { clientAddressOf } from './client-address.ts';
import { refuse } from './errors.ts';
import { faultError, type Fault } from './faults.ts';
import { idempotencyKeyOf, requestFingerprint } from './idempotency.ts';
import { parseQuery } from './query.ts';
import { rateLimitHeaders, tightest, type RateLimitState } from './rate-limit.ts';
import {
  prepareResult,
  prepareThrown,
  toResponse,
  type PreparedResponse,
  type RouteResult,
} from './responses.ts';
import { HTTP_METHODS, stringParams, unmatched } from './routing.ts';
import { checkPathText, decodeQueryPairs } from './text.ts';

export type ApiMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface RouteContext<Query, Body> {
  sim: Simulator;
  /** The store of the authenticated key: every lookup goes through it (tenant isolation). */
  store: StoreData;
  key: ApiKeyRecord;
  params: Readonly<Record<string, string>>;
  query: Query;
  body: Body;
}

/** One route of the spec: everything the pipeline enforces before and around its handler. */
export interface ApiRoute<Query = unknown, Body = unknown> {
  method: ApiMethod;
  /** msw path, relative: `/api/v1/agent-conversations/:conversationId`. */
  path: string;
  /** Resource family: the per-credential rate-limit bucket. */
  family: string;
  /** Scope gates, checked in order (the 403 names the first that refused). */
  scopes: readonly string[];
  /** Strict query schema; without one the route takes no parameters. */
  query?: z.core.$ZodType<Query>;
  /** Strict body schema of a write; without one a body must be absent or `{}`. */
  body?: z.core.$ZodType<Body>;
  /** Keys refused by name (invalid_body reason read_only_field). */
  readOnlyFields?: readonly string[];
  /** Synchronous, so an idempotency claim is held for exactly the time the write takes. */
  handle(ctx: RouteContext<Query, Body>): RouteResult;
}

export function defineRoute<Query = Record<string, never>, Body = Record<string, never>>(
  route: ApiRoute<Query, Body>,
): ApiRoute<Query, Body> {
  return route;
}

export interface ApiEnv extends AuthOptions {
  sim: Simulator;
  /** Every mounted route, to tell an unserved method (405) from an unmounted path (404). */
  routes: readonly ApiRoute[];
}

const NO_PARAMETERS = z.strictObject({});
const EMPTY_BODY = z.strictObject({});

type Outcome = 'drop' | { prepared: PreparedResponse; headers?: Record<string, string> };

function countAgainst(limits: RateLimitState[], state: RateLimitState): void {
  limits.push(state);
  if (state.exceeded) throw refuse.rateLimited(tightest(limits)?.resetS ?? 1);
}

function runHandler<Query, Body>(
  route: ApiRoute<Query, Body>,
  ctx: RouteContext<Query, Body>,
): PreparedResponse {
  try {
    return prepareResult(route.handle(ctx));
  } catch (thrown) {
    return prepareThrown(thrown);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The point where a request reaches the store. An injected fault acts here: it holds the request
 * (with its idempotency key claimed), answers an error, or drops the connection before or after
 * the write applied.
 */
async function reachStore(
  fault: Fault | null,
  apply: () => PreparedResponse,
  record: (prepared: PreparedResponse) => void = () => {},
): Promise<Outcome> {
  if (fault?.delay_ms !== undefined) await sleep(fault.delay_ms);
  if (fault?.status !== undefined) throw faultError(fault, fault.status);
  if (fault?.drop === 'before') return 'drop';
  const prepared = apply();
  record(prepared);
  return fault?.drop === 'after' ? 'drop' : { prepared };
}

async function runWrite<Query, Body>(
  env: ApiEnv,
  request: Request,
  url: URL,
  route: ApiRoute<Query, Body>,
  ctx: RouteContext<Query, undefined>,
): Promise<Outcome> {
  const { sim } = env;
  const idempotencyKey = idempotencyKeyOf(request);
  const { bytes, text } = await readJsonText(request);
  const fingerprint = requestFingerprint(request.method, url, bytes);
  const storeId = ctx.store.id;
  const replay = sim.idempotency.lookup(storeId, idempotencyKey, fingerprint, sim.clock.nowMs());
  if (replay !== null) return { prepared: replay, headers: { 'Idempotent-Replayed': 'true' } };
  // A route without a body schema keeps the default Body type, `{}`: exactly what EMPTY_BODY yields.
  const schema = route.body ?? (EMPTY_BODY as unknown as z.core.$ZodType<Body>);
  const body = parseJsonBody(text, schema, route.readOnlyFields);

  sim.idempotency.claim(storeId, idempotencyKey, fingerprint, sim.clock.nowMs());
  let recorded = false;
  try {
    return await reachStore(
      sim.faults.take(request.method, url.pathname),
      () => runHandler(route, { ...ctx, body }),
      (prepared) => {
        // 5xx (503 agent_disabled included) leaves the key free so that a retry can succeed.
        if (prepared.status >= 500) return;
        sim.idempotency.complete(storeId, idempotencyKey, prepared);
        recorded = true;
      },
    );
  } finally {
    if (!recorded) sim.idempotency.release(storeId, idempotencyKey);
  }
}

/** The order of checks every /api request goes through (README: "Order of checks"). */
async function runPipeline(
  env: ApiEnv,
  request: Request,
  route: ApiRoute | null,
  params: Readonly<Record<string, string>>,
  limits: RateLimitState[],
): Promise<Outcome> {
  const { sim } = env;
  const url = new URL(request.url);
  countAgainst(limits, sim.rateLimiter.hit('perAddress', clientAddressOf(request), sim.clock.nowMs()));
  checkPathText(url.pathname);
  const queryPairs = decodeQueryPairs(url.search);
  const key = authenticate(request, sim.state.keys, sim.clock.nowMs(), env);
  const family = route?.family ?? 'unmounted';
  countAgainst(limits, sim.rateLimiter.hit('perKey', `${key.id}:${family}`, sim.clock.nowMs()));
  if (route === null) throw unmatched(env.routes, url.pathname, request.method);
  requireScopes(key, route.scopes);
  const store = sim.store(key.store);
  if (store === undefined) throw refuse.internal(`The store of key ${key.id} is missing.`);
  const query = parseQuery(queryPairs, route.query ?? NO_PARAMETERS);
  const ctx = { sim, store, key, params, query, body: undefined };
  if (route.method === 'GET') {
    return reachStore(sim.faults.take(request.method, url.pathname), () => runHandler(route, ctx));
  }
  return runWrite(env, request, url, route, ctx);
}

/** Answers one /api request; `route` is null for the catch-alls (404, 405, invalid_text paths). */
export async function answerApi(
  env: ApiEnv,
  request: Request,
  route: ApiRoute | null,
  params: Readonly<Record<string, string>> = {},
): Promise<Response> {
  const limits: RateLimitState[] = [];
  let outcome: Outcome;
  try {
    outcome = await runPipeline(env, request, route, params, limits);
  } catch (thrown) {
    outcome = { prepared: prepareThrown(thrown) };
  }
  if (outcome === 'drop') return Response.error();
  return toResponse(outcome.prepared, { ...outcome.headers, ...rateLimitHeaders(tightest(limits)) });
}

/** The msw handler of one route. */
export function routeHandler(env: ApiEnv, route: ApiRoute): RequestHandler {
  return HTTP_METHODS[route.method](route.path, ({ request, params }) =>
    answerApi(env, request, route, stringParams(params)),
  );
}
