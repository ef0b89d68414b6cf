import { http } from 'msw';
import { refuse, type ApiError } from './errors.ts';

export interface Mounted {
  method: string;
  /** msw path with `:param` segments. */
  path: string;
}

function pathPattern(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** 405 with Allow when another method serves the path, else 404 for an unmounted path. */
export function unmatched(mounted: readonly Mounted[], pathname: string, method: string): ApiError {
  const allowed = mounted
    .filter((route) => pathPattern(route.path).test(pathname))
    .map((route) => route.method);
  if (allowed.length > 0) return refuse.methodNotAllowed(method, allowed);
  return refuse.notFound('route', `No route serves ${pathname}.`);
}

/** msw's path params as plain strings (a route never has repeated params). */
export function stringParams(
  params: Record<string, string | readonly string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

export const HTTP_METHODS = { GET: http.get, PUT: http.put, POST: http.post, DELETE: http.delete } as const;
