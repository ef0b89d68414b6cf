import type { Handler } from 'hono';
import type { IncomingHttpHeaders } from 'node:http';
import { conversationSchema, type Conversation } from '../../schemas/conversation.ts';
import type { AppEnv } from '../http/app-env.ts';
import { bytesBody } from '../http/bytes-body.ts';
import { errorResponse, notFound } from '../http/errors.ts';
import type { Logger } from '../log/logger.ts';
import { rawRequestTarget } from '../http/raw-target.ts';
import { securityEvent } from '../http/security-events.ts';
import { withApiSecurityHeaders } from '../http/security-headers.ts';
import { matchAllowedRoute, roleMayUse } from './allowlist.ts';
import type { ConversationLocks } from './conversation-locks.ts';
import type { KeyProvider } from '../store-api/key-provider.ts';
import type { UpstreamClient, UpstreamResult } from '../store-api/upstream-client.ts';
import type { DirectoryUser } from '../users/directory.ts';

/** Browser headers the upstream gets; everything else (Cookie, Authorization, X-API-Key, X-Forwarded-*...) stays here. */
export const FORWARDED_REQUEST_HEADERS = ['content-type', 'idempotency-key', 'accept'] as const;
/** Upstream headers the browser gets back (plus the BFF's own security headers). */
const FORWARDED_RESPONSE_HEADERS = new Set(['content-type', 'retry-after', 'accept-post', 'accept-patch']);
const isForwardedResponseHeader = (name: string) =>
  FORWARDED_RESPONSE_HEADERS.has(name) || name.startsWith('ratelimit-');

/** An answer the proxy relayed: what the dashboard's own records need of it. */
export interface RelayedAnswer {
  user: DirectoryUser;
  method: string;
  /** The allowlisted route, ids as placeholders (`/api/v1/agent-conversations/{id}`). */
  pattern: string;
  /** The path sent upstream (ids percent-encoded). */
  upstreamTarget: string;
  /** The path's ids, decoded, by the name the pattern gives them (`ids.id`). */
  ids: Readonly<Record<string, string>>;
  status: number;
  /** What the browser sent (writes only), as bytes. */
  requestBody: Buffer | undefined;
  body: Buffer | undefined;
}

export interface ProxyDeps {
  upstream: UpstreamClient;
  keys: KeyProvider;
  logger: Logger;
  /** Told of every answer the store gave, reads and writes, before it is relayed; its failures are its own. */
  afterAnswer?: (answer: RelayedAnswer) => Promise<void>;
  /** Updates of a conversation wait for its lock, which the automatic assignment holds while it works. */
  conversationLocks?: ConversationLocks;
  /**
   * Told, still under the conversation's lock, of the conversation the store answered a successful update
   * with, before the answer is relayed (the inbox's model applies it). Never fails: the write stands.
   */
  conversationWritten?: (conversation: Conversation) => Promise<void>;
}

const CONVERSATION_UPDATE = 'PUT /api/v1/agent-conversations/{id}';

function passBackHeaders(upstream: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  for (const [name, value] of Object.entries(upstream)) {
    if (value === undefined || !isForwardedResponseHeader(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Why an upstream answer with a body cannot be relayed, or undefined: it must be identity-coded JSON. */
function unrelayable(headers: IncomingHttpHeaders): string | undefined {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return 'content_encoding';
  if (!JSON_TYPE.test(headers['content-type'] ?? '')) return 'content_type';
  return undefined;
}

/** The conversation a successful update was answered with (`{data: <conversation>}`), if it is one. */
function writtenConversation(result: UpstreamResult, id: string): Conversation | undefined {
  if (result.kind !== 'response' || result.status < 200 || result.status >= 300) return undefined;
  if (unrelayable(result.headers)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(result.body.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = conversationSchema.safeParse((body as { data?: unknown } | null)?.data);
  return parsed.success && parsed.data.id === id ? parsed.data : undefined;
}

/** Forwards an allowlisted /api/v1 request to the Commerce API with the store's key. */
export function proxyHandler(deps: ProxyDeps): Handler<AppEnv> {
  return async (c) => {
    const method = c.req.method;
    const match = matchAllowedRoute(method, rawRequestTarget(c));
    if (match.kind === 'not_found') return notFound();
    c.set('route', match.route.pattern);

    const user = c.get('user');
    if (!roleMayUse(user.role, match.route)) {
      securityEvent(deps.logger, c, 'authz.role_refused', {
        user_id: user.id,
        role: user.role,
        method,
        route: match.route.pattern,
      });
      return errorResponse(
        403,
        'role_forbidden',
        `This action needs the owner role; you are signed in as ${user.role}. Ask the store owner to do it.`,
      );
    }
    if (match.kind === 'invalid_query') {
      return errorResponse(
        400,
        'invalid_query',
        `Query parameter "${match.parameter}" is not accepted on ${method} ${match.route.pattern}.`,
        { field: match.parameter },
      );
    }

    // Raw bytes, never decoded: invalid UTF-8 reaches the upstream untouched (its error, not ours). The
    // size cap is limitBody's, mounted before this handler.
    const body = method === 'GET' ? undefined : Buffer.from(await c.req.arrayBuffer());

    // identity: the answer is checked and relayed as bytes, and Content-Encoding is not passed back.
    const headers: Record<string, string> = {
      authorization: `Bearer ${deps.keys.current()}`,
      'accept-encoding': 'identity',
    };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers[name] = value;
    }

    const send = () => deps.upstream.send({ method, target: match.upstreamTarget, headers, body });
    const lockedId = `${method} ${match.route.pattern}` === CONVERSATION_UPDATE ? match.ids.id : undefined;
    const update = async (id: string) => {
      const sent = await send();
      const written = deps.conversationWritten && writtenConversation(sent, id);
      if (written) await deps.conversationWritten?.(written);
      return sent;
    };
    const result =
      lockedId === undefined
        ? await send()
        : deps.conversationLocks
          ? await deps.conversationLocks.run(lockedId, () => update(lockedId))
          : await update(lockedId);
    switch (result.kind) {
      case 'timeout':
        deps.logger.warn({ req_id: c.get('requestId'), route: match.route.pattern }, 'upstream timeout');
        return errorResponse(504, 'upstream_timeout', 'The Commerce API did not answer in time. Try again.');
      case 'unreachable':
        deps.logger.warn({ req_id: c.get('requestId'), code: result.code }, 'upstream unreachable');
        return errorResponse(
          502,
          'upstream_unreachable',
          'The Commerce API cannot be reached right now. Try again.',
        );
      case 'too_large':
        return errorResponse(
          502,
          'upstream_unreachable',
          'The Commerce API sent an answer too large to relay.',
        );
      case 'response':
        break;
    }
    if (result.status === 401) {
      // The store key was refused (expired, revoked, rolled past its grace window): the operator's problem.
      deps.logger.error({ req_id: c.get('requestId') }, 'the Commerce API refused the store key');
      return errorResponse(
        502,
        'upstream_unauthorized',
        'The Commerce API refused the store key. The dashboard operator must update the API key.',
      );
    }
    /** An answer not relayed: logged with its status, the dashboard gets a 502. */
    const notRelayed = (logLine: string, message: string, fields: Record<string, string> = {}) => {
      deps.logger.error({ req_id: c.get('requestId'), status: result.status, ...fields }, logLine);
      return errorResponse(502, 'upstream_unreachable', message);
    };
    if (result.status >= 300 && result.status < 400) {
      // Never followed: a redirect could send the key's next request somewhere else.
      return notRelayed(
        'upstream answered with a redirect',
        'The Commerce API answered with a redirect, which is not followed.',
      );
    }
    if (result.status < 200 || result.status > 599) {
      return notRelayed(
        'upstream status out of range',
        'The Commerce API sent an answer that is not valid HTTP.',
      );
    }
    const noBody = result.status === 204 || result.status === 205 || result.status === 304;
    const refusal = noBody ? undefined : unrelayable(result.headers);
    if (refusal) {
      // Whatever the upstream sent, the browser only ever gets JSON from /api (never HTML or script).
      return notRelayed(
        'upstream answer refused',
        'The Commerce API sent an answer the dashboard cannot use. Try again.',
        { problem: refusal },
      );
    }
    if (deps.afterAnswer) {
      await deps.afterAnswer({
        user,
        method,
        pattern: match.route.pattern,
        upstreamTarget: match.upstreamTarget,
        ids: match.ids,
        status: result.status,
        requestBody: body,
        body: noBody ? undefined : result.body,
      });
    }
    return new Response(noBody ? null : bytesBody(result.body), {
      status: result.status,
      headers: withApiSecurityHeaders(c, passBackHeaders(result.headers)),
    });
  };
}
