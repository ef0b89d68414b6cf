import { errorEnvelopeSchema } from '@/schemas/error';

/**
 * Codes the client itself assigns when the server gave none. Server codes are an open set
 * (spec, Errors part): branch on `code` with a default arm, never on `message`.
 */
export const CLIENT_ERROR_CODES = {
  /** The answer was not the error envelope (a proxy or load balancer spoke): only the status means anything. */
  proxyError: 'proxy_error',
  /** The request never got an answer (offline, DNS, connection reset). */
  networkError: 'network_error',
  /** A success status whose body did not match the expected shape. */
  invalidResponse: 'invalid_response',
} as const;

export type ApiErrorInit = {
  status: number;
  code: string;
  message: string;
  resource?: string | undefined;
  field?: string | undefined;
  reason?: string | undefined;
  retryAfterSeconds?: number | undefined;
  /** True when the body was the Commerce API / BFF error envelope. */
  isEnvelope: boolean;
  method?: string | undefined;
  path?: string | undefined;
  cause?: unknown;
};

/** The one error type of the API client: every refusal, network failure or malformed answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived (network error). */
  readonly status: number;
  readonly code: string;
  readonly resource: string | undefined;
  readonly field: string | undefined;
  readonly reason: string | undefined;
  /** Parsed Retry-After header, in whole seconds (never 0), when the answer carried one. */
  readonly retryAfterSeconds: number | undefined;
  readonly isEnvelope: boolean;
  readonly method: string | undefined;
  readonly path: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.resource = init.resource;
    this.field = init.field;
    this.reason = init.reason;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.isEnvelope = init.isEnvelope;
    this.method = init.method;
    this.path = init.path;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for an ApiError with this code (and, when given, this status). */
export function hasErrorCode(error: unknown, code: string, status?: number): error is ApiError {
  return isApiError(error) && error.code === code && (status === undefined || error.status === status);
}

/**
 * Retry-After is whole seconds per the spec; an HTTP date is accepted too (proxies send those).
 * Returns undefined when absent or unreadable, and at least 1 otherwise.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(1, Math.ceil((date - now) / 1000));
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Builds the ApiError of a non-2xx answer from its status, headers and raw body text. */
export function apiErrorFromResponse(
  response: Pick<Response, 'status' | 'statusText' | 'headers'>,
  bodyText: string,
  request: { method?: string; path?: string } = {},
): ApiError {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  const envelope = errorEnvelopeSchema.safeParse(parseJson(bodyText));
  if (envelope.success) {
    const { code, message, resource, field, reason } = envelope.data.error;
    return new ApiError({
      status: response.status,
      code,
      message,
      resource,
      field,
      reason,
      retryAfterSeconds,
      isEnvelope: true,
      ...request,
    });
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new ApiError({
    status: response.status,
    code: CLIENT_ERROR_CODES.proxyError,
    message: `The server answered HTTP ${response.status}${statusText} without an error description.`,
    retryAfterSeconds,
    isEnvelope: false,
    ...request,
  });
}

export function networkError(cause: unknown, request: { method?: string; path?: string } = {}): ApiError {
  return new ApiError({
    status: 0,
    code: CLIENT_ERROR_CODES.networkError,
    message: 'The request did not reach the server or its answer was lost.',
    isEnvelope: false,
    cause,
    ...request,
  });
}

export function isAbortError(error: unknown): boolean {
  // Checked by name: DOMException may come from another realm (Node's fetch under jsdom).
  if (typeof error !== 'object' || error === null || !('name' in error)) return false;
  return error.name === 'AbortError' || error.name === 'TimeoutError';
}
