import { vi } from 'vitest';
import { createApiClient, type ApiClientOptions, type RetryEvent } from '@/lib/api-client';
import { createSessionGate } from '@/lib/session-gate';

/** The API client's tests (src/lib/api-client*.test.ts): a scripted fetch and a client around it. */

export type Call = { url: string; init: RequestInit; headers: Record<string, string> };
export type Reply = Response | Error | DOMException | (() => Response | Promise<Response>);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function envelope(status: number, code: string, headers: Record<string, string> = {}, message = code) {
  return json(status, { error: { code, message } }, headers);
}

/** A fetch that answers from a script and records every request. */
export function scriptedFetch(replies: Reply[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: input as string, init, headers: { ...(init.headers as Record<string, string>) } });
    const reply = replies.shift();
    if (reply === undefined) throw new Error(`Unexpected request ${input as string}`);
    if (!(reply instanceof Response) && typeof reply !== 'function') throw reply;
    return typeof reply === 'function' ? reply() : reply;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

export function setup(replies: Reply[], options: ApiClientOptions = {}) {
  const { fetch, calls } = scriptedFetch(replies);
  const sleeps: number[] = [];
  const gate = options.sessionGate ?? createSessionGate();
  const client = createApiClient({
    fetch,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => 0,
    sessionGate: gate,
    activity: { isIdle: () => false },
    ...options,
  });
  const retries: RetryEvent[] = [];
  client.onRetry((event) => retries.push(event));
  return { client, calls, sleeps, retries, gate };
}
