import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { rawRequestTarget } from './raw-target.ts';

/** Longer ids than any the API issues are refused rather than forwarded. */
export const ID_MAX_LENGTH = 128;
// RFC 3986 pchar: unreserved, pct-encoded, sub-delims, ':' and '@'. Anything else is not a valid id segment.
const PCHAR = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%]+$/;
const PERCENT_TRIPLETS = /%(?![0-9A-Fa-f]{2})/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_DECODED = /[\u0000-\u001f\u007f-\u009f/\\]/;

/** The decoded id of a raw path segment, or undefined when the segment is not an acceptable id. */
export function decodeIdSegment(raw: string): string | undefined {
  if (raw.length === 0 || raw.length > ID_MAX_LENGTH * 3 || !PCHAR.test(raw) || PERCENT_TRIPLETS.test(raw)) {
    return undefined;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined; // percent-encoded bytes that are not UTF-8
  }
  if (
    decoded === '.' ||
    decoded === '..' ||
    decoded.length > ID_MAX_LENGTH ||
    FORBIDDEN_DECODED.test(decoded)
  ) {
    return undefined;
  }
  return decoded;
}

/**
 * The decoded id a route names `:name` in its path (`/bff/tags/:id`), read from the raw request target
 * where the route's pattern has it, so an encoded slash or dot cannot move it. Route modules get their
 * ids through the route recipe (route.ts), which reads them here.
 */
export function pathId(c: Context<AppEnv>, name: string): string | undefined {
  const index = c.req.routePath.split('/').indexOf(`:${name}`);
  if (index < 0) return undefined;
  return decodeIdSegment(rawRequestTarget(c).split('?')[0]!.split('/')[index] ?? '');
}
