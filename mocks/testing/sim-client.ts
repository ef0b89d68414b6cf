import { getResponse } from 'msw';
import { expect } from 'vitest';
import type { z } from 'zod';
import { errorEnvelopeSchema, type ErrorBody } from '../../src/schemas/error.ts';
import { conversationSchema } from '../../src/schemas/conversation.ts';
import { listSchema, singleSchema, type ListOf } from '../../src/schemas/page.ts';
import { setClientAddress } from '../core/client-address.ts';
import { createSimulatorHandlers, type SimulatorHandlerOptions } from '../handlers.ts';
import { createSimulator, type Simulator } from '../simulator.ts';

export const BASE_URL = 'http://sim.test';
export const OWNER = 'sk_test_demo_owner';
export const READONLY = 'sk_test_demo_readonly';
export const NODELETE = 'sk_test_demo_nodelete';
export const OTHER_OWNER = 'sk_test_other_owner';

/** A clock the test moves by hand, starting at a fixed instant. */
export function manualClock(start = '2026-11-20T12:00:00.000Z') {
  let now = Date.parse(start);
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer`; null sends no credential. Defaults to the demo owner key. */
  key?: string | null;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or bytes as they are. */
  body?: unknown;
  /** Writes get a fresh key unless one is given; null sends none. */
  idempotencyKey?: string | null;
  /** Client address as the HTTP server would set it from the socket. */
  address?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body (undefined when empty). */
  json: unknown;
  response: Response;
}

let keyCounter = 0;

export function simClient(options: SimulatorHandlerOptions & { now?: () => Date } = {}) {
  const sim: Simulator = options.simulator ?? createSimulator({ now: options.now });
  const handlers = createSimulatorHandlers({ ...options, simulator: sim });

  async function raw(request: Request): Promise<Response | undefined> {
    return getResponse(handlers, request, { baseUrl: BASE_URL });
  }

  function request(method: string, path: string, call: CallOptions = {}): Request {
    const headers = new Headers(call.headers);
    const key = call.key === undefined ? OWNER : call.key;
    if (key !== null) headers.set('Authorization', `Bearer ${key}`);
    const write = method !== 'GET' && method !== 'HEAD';
    if (write && call.idempotencyKey !== null && !path.startsWith('/__sim/')) {
      keyCounter += 1;
      headers.set('Idempotency-Key', call.idempotencyKey ?? `test-key-${keyCounter}`);
    }
    let body: BodyInit | undefined;
    if (typeof call.body === 'string' || call.body instanceof Uint8Array) {
      body = call.body as BodyInit;
    } else if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    const built = new Request(`${BASE_URL}${path}`, { method, headers, body });
    if (call.address !== undefined) setClientAddress(built, call.address);
    return built;
  }

  async function call(method: string, path: string, call: CallOptions = {}): Promise<Answer> {
    const response = await raw(request(method, path, call));
    if (response === undefined) throw new Error(`No handler answered ${method} ${path}`);
    const text = await response.clone().text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: text === '' ? undefined : (JSON.parse(text) as unknown),
      response,
    };
  }

  return { sim, handlers, raw, request, call };
}

export type SimClient = ReturnType<typeof simClient>;

/** Asserts the answer is a refusal in the spec's envelope and returns its error member. */
export function expectError(answer: Answer, status: number, code: string): ErrorBody {
  const parsed = errorEnvelopeSchema.safeParse(answer.json);
  expect({ status: answer.status, code: parsed.data?.error.code }).toEqual({ status, code });
  expect(answer.headers.get('content-type')).toBe('application/json');
  return errorEnvelopeSchema.parse(answer.json).error;
}

/** The `data` of a single-resource answer, checked against the wire schema. */
export function dataOf<Item extends z.core.$ZodType>(answer: Answer, schema: Item): z.infer<Item> {
  return singleSchema(schema).parse(answer.json).data as z.infer<Item>;
}

/** A list answer, checked against the wire schema. */
export function pageOf<Item extends z.core.$ZodType>(answer: Answer, schema: Item): ListOf<z.infer<Item>> {
  return listSchema(schema).parse(answer.json);
}

/** Every page of a list, following next_cursor (from `from.after` when given). */
export async function walk<Item extends z.core.$ZodType>(
  client: SimClient,
  path: string,
  schema: Item,
  from: { key?: string; after?: string } = {},
): Promise<z.infer<Item>[]> {
  const items: z.infer<Item>[] = [];
  let after = from.after;
  for (let page = 0; page < 1000; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await client.call('GET', after ? `${path}${separator}after=${after}` : path, {
      key: from.key,
    });
    expect(answer.status).toBe(200);
    const { data, page: info } = pageOf(answer, schema);
    items.push(...data);
    if (!info.has_more) return items;
    after = info.next_cursor;
  }
  throw new Error('list did not end');
}

/** Ids of seeded conversations matching a list query (newest first). */
export async function conversationIds(
  client: SimClient,
  query = 'limit=100',
  key = OWNER,
): Promise<string[]> {
  const answer = await client.call('GET', `/api/v1/agent-conversations?${query}`, { key });
  return pageOf(answer, conversationSchema).data.map((conversation) => conversation.id);
}

export async function someConversationId(client: SimClient, query = 'limit=1', key = OWNER): Promise<string> {
  const [id] = await conversationIds(client, query, key);
  if (id === undefined) throw new Error(`no conversation matches ${query}`);
  return id;
}
