import type { InvalidBodyReason } from '../../src/schemas/error.ts';

/** The `error` member of the spec's error envelope. */
export interface ErrorBody {
  code: string;
  message: string;
  resource?: string;
  field?: string;
  reason?: InvalidBodyReason;
}

/**
 * A refusal. Thrown anywhere in the request pipeline and turned into the envelope in one place
 * (see `prepareError`), so every answer at every status has the same shape.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** Constructors for every refusal the simulator gives, so codes and statuses never drift apart. */
export const refuse = {
  invalidBody: (reason: InvalidBodyReason, message: string, field?: string) =>
    new ApiError(400, { code: 'invalid_body', message, reason, ...(field === undefined ? {} : { field }) }),
  invalidQuery: (message: string, field?: string) =>
    new ApiError(400, { code: 'invalid_query', message, ...(field === undefined ? {} : { field }) }),
  invalidText: (message: string, field?: string) =>
    new ApiError(400, { code: 'invalid_text', message, ...(field === undefined ? {} : { field }) }),
  idempotencyKeyRequired: () =>
    new ApiError(400, {
      code: 'idempotency_key_required',
      message: 'Every write needs an Idempotency-Key header.',
    }),
  invalidRequest: (message: string) => new ApiError(400, { code: 'invalid_request', message }),
  invalidAssignee: (userId: string) =>
    new ApiError(400, {
      code: 'invalid_assignee',
      message: `${userId} is not a member of this store's roster.`,
      field: 'assigned_to',
    }),
  /** One constant body for every credential failure: nothing tells a caller why. */
  unauthorized: () =>
    new ApiError(
      401,
      { code: 'unauthorized', message: 'The request could not be authenticated.' },
      { 'WWW-Authenticate': 'Bearer' },
    ),
  insufficientScope: (scope: string) =>
    new ApiError(403, { code: 'insufficient_scope', message: `This key lacks the scope ${scope}.` }),
  notFound: (resource: string, message = `No such ${resource.replaceAll('_', ' ')} in this store.`) =>
    new ApiError(404, { code: 'not_found', message, resource }),
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    new ApiError(
      405,
      { code: 'method_not_allowed', message: `${method} is not served on this path.` },
      { Allow: allowed.join(', ') },
    ),
  idempotencyKeyReused: () =>
    new ApiError(409, {
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used with a different method, path or body.',
    }),
  idempotencyKeyInProgress: () =>
    new ApiError(409, {
      code: 'idempotency_key_in_progress',
      message: 'An identical request with this Idempotency-Key is still running; retry after a short delay.',
    }),
  configModified: () =>
    new ApiError(409, {
      code: 'config_modified',
      message: 'The config changed since it was read; reload it and apply your changes again.',
    }),
  payloadTooLarge: (capBytes: number) =>
    new ApiError(413, {
      code: 'payload_too_large',
      message: `The request body exceeds the cap of ${capBytes} bytes.`,
    }),
  unsupportedMediaType: (method: string) =>
    new ApiError(
      415,
      { code: 'unsupported_media_type', message: 'Send the body as application/json.' },
      method === 'POST' ? { 'Accept-Post': 'application/json' } : {},
    ),
  unprocessableReference: (resource: string, field: string, id: string) =>
    new ApiError(422, {
      code: 'unprocessable_reference',
      message: `${id} does not resolve to a ${resource.replaceAll('_', ' ')} in this store.`,
      resource,
      field,
    }),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiError(
      429,
      { code: 'rate_limited', message: 'Too many requests; retry after the delay in Retry-After.' },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  agentDisabled: () =>
    new ApiError(503, {
      code: 'agent_disabled',
      message: "The store's AI stack is not enabled; enable it and retry.",
    }),
  internal: (message = 'The simulator failed unexpectedly.') =>
    new ApiError(500, { code: 'internal_error', message }),
};
