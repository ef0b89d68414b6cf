import { ApiError, refuse } from './errors.ts';

/**
 * A response before it becomes a `Response`: plain bytes, so the idempotency store can record it
 * and replay it byte for byte.
 */
export interface PreparedResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

const encoder = new TextEncoder();
const JSON_TYPE = 'application/json';

export function prepareJson(status: number, body: unknown, headers: Record<string, string> = {}) {
  return {
    status,
    headers: { 'Content-Type': JSON_TYPE, ...headers },
    body: encoder.encode(JSON.stringify(body)),
  } satisfies PreparedResponse;
}

export function prepareEmpty(status: number): PreparedResponse {
  return { status, headers: {}, body: null };
}

/** What a route handler returns. */
export interface RouteResult {
  status: number;
  /** JSON body; omitted for a 204. */
  body?: unknown;
}

export function prepareResult(result: RouteResult): PreparedResponse {
  return result.body === undefined ? prepareEmpty(result.status) : prepareJson(result.status, result.body);
}

export function prepareError(error: ApiError): PreparedResponse {
  return prepareJson(error.status, { error: error.body }, { ...error.headers });
}

/** Anything thrown that is not a refusal is a simulator bug: answer 500 in the envelope, never crash. */
export function prepareThrown(thrown: unknown): PreparedResponse {
  if (thrown instanceof ApiError) return prepareError(thrown);
  console.error('[simulator] unexpected error', thrown);
  return prepareError(refuse.internal());
}

export function toResponse(prepared: PreparedResponse, extraHeaders: Record<string, string> = {}): Response {
  const body = prepared.body === null ? null : prepared.body.slice();
  return new Response(body, { status: prepared.status, headers: { ...prepared.headers, ...extraHeaders } });
}
