import type { Role } from '../../schemas/bff.ts';
import { decodeIdSegment } from '../http/path-ids.ts';

/**
 * The only Commerce API routes the dashboard may reach. Matching is done on the raw
 * request target, before any URL normalisation, so `..`, `%2e%2e`, `%2F` and friends can never turn an
 * allowed-looking path into a different upstream route: anything that is not exactly one of these shapes
 * is a 404 and never forwarded.
 */
/** A path segment: as written, or an id, named as the pattern names it (`{id}`). */
type Segment = string | { id: string };

export type ProxiedMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface AllowedRoute {
  method: ProxiedMethod;
  segments: readonly Segment[];
  /** For logs and messages: the path with ids as placeholders. */
  pattern: string;
  /** Query parameters the upstream route defines; any other one is refused (400 invalid_query). */
  query: readonly string[];
  /** Staff may read everything, but write only conversations and their messages. */
  staffAllowed: boolean;
}

const CONVERSATION_LIST_QUERY = [
  'status',
  'handoff_state',
  'channel',
  'assigned_to',
  'updated_after',
  'limit',
  'after',
];
const PAGE_QUERY = ['limit', 'after'];
const KNOWLEDGE_LIST_QUERY = ['kind', 'updated_after', 'limit', 'after'];

function route(
  method: ProxiedMethod,
  path: string,
  query: readonly string[],
  staffAllowed: boolean,
): AllowedRoute {
  const segments = path
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? { id: segment.slice(1, -1) } : segment));
  return { method, segments, pattern: `/api/v1/${path}`, query, staffAllowed };
}

export const ALLOWED_ROUTES: readonly AllowedRoute[] = [
  route('GET', 'agent-config', [], true),
  route('PUT', 'agent-config', [], false),
  route('GET', 'agent-conversations', CONVERSATION_LIST_QUERY, true),
  route('GET', 'agent-conversations/{id}', [], true),
  route('PUT', 'agent-conversations/{id}', [], true),
  route('GET', 'agent-conversations/{id}/messages', PAGE_QUERY, true),
  route('POST', 'agent-conversations/{id}/messages', [], true),
  route('GET', 'agent-knowledge-sources', KNOWLEDGE_LIST_QUERY, true),
  route('POST', 'agent-knowledge-sources', [], false),
  route('GET', 'webhook-endpoints/{id}', [], true),
  route('DELETE', 'notification-templates/{id}', [], false),
];

const PREFIX = '/api/v1/';

export function roleMayUse(role: Role, allowed: AllowedRoute): boolean {
  return role === 'owner' || allowed.staffAllowed;
}

export type MatchResult =
  | { kind: 'not_found' }
  | { kind: 'invalid_query'; route: AllowedRoute; parameter: string }
  | {
      kind: 'matched';
      route: AllowedRoute;
      upstreamTarget: string;
      /** The path's ids, decoded, by the name the pattern gives them (`{id}`: `ids.id`). */
      ids: Readonly<Record<string, string>>;
    };

function matchPath(
  method: string,
  rawPath: string,
): { route: AllowedRoute; path: string; ids: Record<string, string> } | undefined {
  if (!rawPath.startsWith(PREFIX)) return undefined;
  const parts = rawPath.slice(PREFIX.length).split('/');
  for (const candidate of ALLOWED_ROUTES) {
    if (candidate.method !== method || candidate.segments.length !== parts.length) continue;
    const out: string[] = [];
    const ids: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i += 1) {
      const expected = candidate.segments[i]!;
      const actual = parts[i]!;
      if (typeof expected !== 'string') {
        const id = decodeIdSegment(actual);
        if (id === undefined) ok = false;
        else {
          ids[expected.id] = id;
          out.push(encodeURIComponent(id));
        }
      } else if (expected === actual) {
        out.push(actual);
      } else {
        ok = false;
      }
    }
    if (ok) return { route: candidate, path: PREFIX + out.join('/'), ids };
  }
  return undefined;
}

/**
 * Matches a raw request target (`/api/v1/...?...` exactly as received) against the allowlist and builds
 * the upstream target: ids re-encoded with encodeURIComponent, query pieces kept byte for byte (the
 * upstream validates values and answers invalid_text for bad UTF-8), unknown parameters refused.
 */
export function matchAllowedRoute(method: string, rawTarget: string): MatchResult {
  const queryStart = rawTarget.indexOf('?');
  const rawPath = queryStart === -1 ? rawTarget : rawTarget.slice(0, queryStart);
  const rawQuery = queryStart === -1 ? '' : rawTarget.slice(queryStart + 1);
  if (rawPath.includes('#')) return { kind: 'not_found' };
  const matched = matchPath(method, rawPath);
  if (!matched) return { kind: 'not_found' };

  const pieces: string[] = [];
  for (const piece of rawQuery.split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    const rawName = equals === -1 ? piece : piece.slice(0, equals);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replaceAll('+', ' '));
    } catch {
      return { kind: 'invalid_query', route: matched.route, parameter: rawName.slice(0, 64) };
    }
    if (!matched.route.query.includes(name)) {
      return { kind: 'invalid_query', route: matched.route, parameter: name.slice(0, 64) };
    }
    pieces.push(piece);
  }
  const upstreamTarget = pieces.length > 0 ? `${matched.path}?${pieces.join('&')}` : matched.path;
  return { kind: 'matched', route: matched.route, upstreamTarget, ids: matched.ids };
}
