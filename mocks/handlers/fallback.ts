import { http, type RequestHandler } from 'msw';
import { answerApi, type ApiEnv } from '../core/pipeline.ts';
import { isCleanPath } from '../core/text.ts';
import { answerControl } from './control-plane.ts';

const isApiPath = (pathname: string) => pathname.startsWith('/api/');
const isControlPath = (pathname: string) => pathname.startsWith('/__sim/');

/**
 * Must come first: msw decodes path params with decodeURIComponent and throws on `%FF`, so a path
 * that is not clean UTF-8 is answered (400 invalid_text) before any path pattern is tried.
 */
export function unreadablePathHandler(env: ApiEnv): RequestHandler {
  return http.all(
    ({ request }) => {
      const { pathname } = new URL(request.url);
      return (isApiPath(pathname) || isControlPath(pathname)) && !isCleanPath(pathname);
    },
    ({ request }) =>
      isApiPath(new URL(request.url).pathname)
        ? answerApi(env, request, null)
        : answerControl(env.sim, request, null),
  );
}

/** Must come last: 404 for an unmounted path, 405 for an unserved method, under /api/ and /__sim/ only. */
export function catchAllHandlers(env: ApiEnv): RequestHandler[] {
  return [
    http.all('/api/*', ({ request }) => answerApi(env, request, null)),
    http.all('/__sim/*', ({ request }) => answerControl(env.sim, request, null)),
  ];
}
