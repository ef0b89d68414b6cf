import type { $ZodType, output } from 'zod/v4/core';
import { userActivity, type ActivityTracker } from './activity';
import { ApiError, CLIENT_ERROR_CODES, apiErrorFromResponse, isAbortError, networkError } from './api-error';
import { newIdempotencyKey } from './idempotency';
import { DEFAULT_RETRY_POLICY, decideRetry, type RetryPolicy, type RetryReason } from './retry-policy';
import { sessionGate as defaultSessionGate, type SessionGate } from './session-gate';

/**
 * The browser's API client: same-origin calls to the BFF (`/bff/*`) and, through it, the Commerce API
 * (`/api/v1/*`). It adds `X-CSRF: 1` and same-origin credentials to every call, an Idempotency-Key to
 * every write, retries what is safe to retry (see retry-policy.ts), pauses on an expired session until
 * the user signs in again (see session-gate.ts), and turns every failure into one ApiError.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly string[]>;

export type RequestOptions = {
  method?: HttpMethod;
  /** Query parameters; null and undefined are left out, arrays repeat the parameter. */
  query?: QueryParams;
  /** Sent as JSON (and only then with Content-Type: application/json). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The write's Idempotency-Key. Mint it with `newIdempotencyKey()` when the user acts and pass it in,
   * so a retried action (even after a reload) reuses it. Writes to /api/ without one get a key minted
   * for this call, which all of its retries reuse.
   */
  idempotencyKey?: string;
  /** false: no automatic retries (the caller shows the failure, e.g. sign-in). Default true. */
  retry?: boolean;
  /**
   * What a 401 `session_required` does: 'wait' (default) pauses the call until the user signs in
   * again through the session-expired dialog, then resends it; 'fail' throws at once (the initial
   * session check and sign-in itself).
   */
  onSessionExpired?: 'wait' | 'fail';
  /** Force `X-Background: 1` (work the user did not ask for). Default: set while the user is idle. */
  background?: boolean;
};

export type RetryEvent = {
  method: HttpMethod;
  path: string;
  /** 1-based number of the retry about to be made. */
  retryNumber: number;
  delayMs: number;
  reason: RetryReason;
  error: ApiError;
};

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export type ApiClientOptions = {
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  sleep?: Sleep;
  /** Random source in [0, 1) for the backoff jitter. */
  random?: () => number;
  policy?: Partial<RetryPolicy>;
  sessionGate?: SessionGate;
  activity?: Pick<ActivityTracker, 'isIdle'>;
};

/** A zod schema of either build (classic or mini): both parse with safeParse. */
export type ResponseSchema = $ZodType & {
  safeParse: (data: unknown) => { success: true; data: unknown } | { success: false; error: unknown };
};

export type ApiRequest = {
  <Schema extends ResponseSchema>(
    path: string,
    options: RequestOptions & { schema: Schema },
  ): Promise<output<Schema>>;
  (path: string, options?: RequestOptions & { schema?: undefined }): Promise<void>;
};

export type ApiClient = {
  request: ApiRequest;
  /** Called before each automatic retry (e.g. to show "Too many requests, retrying in N s"). */
  onRetry: (listener: (event: RetryEvent) => void) => () => void;
  /** Replaces some options (tests); returns a function that restores the previous ones. */
  configure: (options: ApiClientOptions) => () => void;
};

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function buildUrl(path: string, query?: QueryParams): string {
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new TypeError(`API paths are same-origin and start with a single "/": ${path}`);
  }
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') {
      for (const item of value) params.append(name, item);
    } else {
      params.append(name, String(value));
    }
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function isWrite(method: HttpMethod): boolean {
  return method !== 'GET';
}

export function createApiClient(initial: ApiClientOptions = {}): ApiClient {
  let options = initial;
  const retryListeners = new Set<(event: RetryEvent) => void>();

  const settings = () => ({
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
    policy: { ...DEFAULT_RETRY_POLICY, ...options.policy },
    gate: options.sessionGate ?? defaultSessionGate,
    activity: options.activity ?? userActivity,
  });

  async function sendOnce(
    path: string,
    init: {
      method: HttpMethod;
      url: string;
      body: unknown;
      signal: AbortSignal | undefined;
      idempotencyKey: string | undefined;
      background: boolean;
      schema: ResponseSchema | undefined;
    },
  ): Promise<unknown> {
    const { fetch: fetchImpl } = settings();
    const context = { method: init.method, path };
    const headers: Record<string, string> = { 'X-CSRF': '1', Accept: 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.idempotencyKey !== undefined) headers['Idempotency-Key'] = init.idempotencyKey;
    if (init.background) headers['X-Background'] = '1';

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(init.url, {
        method: init.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'same-origin',
        signal: init.signal,
      });
      text = await response.text();
    } catch (error) {
      if (init.signal?.aborted || isAbortError(error)) throw error;
      throw networkError(error, context);
    }

    if (!response.ok) throw apiErrorFromResponse(response, text, context);
    if (init.schema === undefined) return undefined;

    let json: unknown;
    try {
      json = text.trim() === '' ? undefined : JSON.parse(text);
    } catch (cause) {
      throw invalidResponse(response.status, context, cause);
    }
    const parsed = init.schema.safeParse(json);
    if (!parsed.success) throw invalidResponse(response.status, context, parsed.error);
    return parsed.data;
  }

  async function request(path: string, requestOptions: RequestOptions & { schema?: ResponseSchema } = {}) {
    const method = requestOptions.method ?? 'GET';
    const url = buildUrl(path, requestOptions.query);
    const { signal } = requestOptions;
    const idempotencyKey =
      requestOptions.idempotencyKey ??
      (isWrite(method) && path.startsWith('/api/') ? newIdempotencyKey() : undefined);
    let retryNumber = 0;

    for (;;) {
      const { gate, activity, policy, random, sleep } = settings();
      const generation = gate.getGeneration();
      let error: ApiError;
      try {
        return await sendOnce(path, {
          method,
          url,
          body: requestOptions.body,
          signal,
          idempotencyKey,
          background: requestOptions.background ?? activity.isIdle(),
          schema: requestOptions.schema,
        });
      } catch (caught) {
        if (!(caught instanceof ApiError)) throw caught;
        error = caught;
      }

      if (error.status === 401 && error.code === 'session_required') {
        if ((requestOptions.onSessionExpired ?? 'wait') === 'fail') throw error;
        // Someone signed in while this request was on the wire: just send it again.
        if (gate.getGeneration() !== generation) continue;
        await gate.waitForSignIn(error, signal);
        continue;
      }

      if (requestOptions.retry === false) throw error;
      retryNumber += 1;
      const decision = decideRetry(error, retryNumber, { policy, random });
      if (!decision.retry) throw error;
      const event: RetryEvent = {
        method,
        path,
        retryNumber,
        delayMs: decision.delayMs,
        reason: decision.reason,
        error,
      };
      for (const listener of [...retryListeners]) listener(event);
      await sleep(decision.delayMs, signal);
    }
  }

  return {
    request: request as ApiRequest,
    onRetry(listener) {
      retryListeners.add(listener);
      return () => retryListeners.delete(listener);
    },
    configure(next) {
      const previous = options;
      options = { ...options, ...next };
      return () => {
        options = previous;
      };
    },
  };
}

function invalidResponse(
  status: number,
  context: { method: string; path: string },
  cause: unknown,
): ApiError {
  return new ApiError({
    status,
    code: CLIENT_ERROR_CODES.invalidResponse,
    message: 'The server answered in a shape this dashboard does not understand.',
    isEnvelope: false,
    cause,
    ...context,
  });
}

/** The app-wide client. */
export const apiClient = createApiClient();

/** Same-origin call through the app-wide client; see RequestOptions. */
export const apiRequest: ApiRequest = ((
  path: string,
  options?: RequestOptions & { schema?: ResponseSchema },
) => apiClient.request(path, options as RequestOptions & { schema: ResponseSchema })) as ApiRequest;
