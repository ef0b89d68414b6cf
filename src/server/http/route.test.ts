// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createLogger } from '../log/logger.ts';
import { captureLogs } from '../testing/logged-lines.ts';
import type { AppEnv } from './app-env.ts';
import { errorResponse } from './errors.ts';
import { bffRouter, pathParam, type RouteGuards } from './route.ts';

/** A session check that takes the person's role from a header: none, no session (401). */
const guards = (logs = captureLogs()): RouteGuards => ({
  logger: createLogger('info', logs),
  session: () => async (c, next) => {
    const role = c.req.header('x-role');
    if (role !== 'owner' && role !== 'staff') return errorResponse(401, 'session_required', 'Sign in.');
    c.set('user', { id: `u_${role}`, role } as AppEnv['Variables']['user']);
    await next();
  },
});

const noTag = () => errorResponse(404, 'tag_not_found', 'No such tag.');
const recipe = {
  session: 'signed in',
  ownersOnly: { refusal: 'Owners only.', logged: true },
  params: { id: pathParam(z.string().check(z.regex(/^t_\d+$/)), noTag) },
  query: {
    schema: z.strictObject({ dry: z.optional(z.enum(['1'])) }),
    refused: () => errorResponse(400, 'invalid_query', 'Only dry=1.'),
  },
  body: { schema: z.strictObject({ name: z.string() }), subject: 'the tag', hint: 'Send {name}.' },
} as const;

function tagApp(logs = captureLogs()) {
  const router = bffRouter(guards(logs));
  router.patch('/tags/:id', recipe, (c, { params, query, body }) =>
    c.json({ id: params.id, dry: query.dry ?? null, name: body.name, route: c.get('route') }),
  );
  return router.routes;
}

const patch = (path: string, role: string | undefined, body: string) =>
  tagApp().request(path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(role ? { 'x-role': role } : {}) },
    body,
  });
const codeOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code;

describe('the route recipe', () => {
  it('refuses in one order, session, role, path, query, body, and hands the handler typed inputs', async () => {
    const bad = '{"nope":1}';
    expect(await codeOf(await patch('/tags/x?dry=2', undefined, bad))).toBe('session_required');
    expect(await codeOf(await patch('/tags/x?dry=2', 'staff', bad))).toBe('role_forbidden');
    expect(await codeOf(await patch('/tags/x?dry=2', 'owner', bad))).toBe('tag_not_found');
    expect(await codeOf(await patch('/tags/t_1?dry=2', 'owner', bad))).toBe('invalid_query');
    expect(await codeOf(await patch('/tags/t_1?dry=1', 'owner', bad))).toBe('invalid_body');
    const ok = await patch('/tags/t_1?dry=1', 'owner', '{"name":"VIP"}');
    expect(await ok.json()).toEqual({ id: 't_1', dry: '1', name: 'VIP', route: '/bff/tags/{id}' });
  });

  it('reads an id by its name from the path as sent: an encoded slash is no id', async () => {
    const router = bffRouter(guards());
    router.get(
      '/notes/:id',
      { session: 'signed in', params: { id: pathParam(z.string(), noTag) } },
      (c, { params }) => c.json({ id: params.id }),
    );
    const read = (path: string) => router.routes.request(path, { headers: { 'x-role': 'staff' } });
    expect(await (await read('/notes/n%201')).json()).toEqual({ id: 'n 1' });
    expect(await codeOf(await read('/notes/n_1%2F..'))).toBe('tag_not_found');
  });

  it('logs a refused role when the recipe says so', async () => {
    const logs = captureLogs();
    await tagApp(logs).request('/tags/t_1', { method: 'PATCH', headers: { 'x-role': 'staff' } });
    expect(logs.lines.join('')).toContain('authz.role_refused');
  });

  it('fails when the routes are built if the declared path parameters are not the path’s', () => {
    const router = bffRouter(guards());
    expect(() => router.get('/tags/:tagId', recipe, (c) => c.body(null, 204))).toThrow(
      'declares the path parameters [id], its path has [tagId]',
    );
  });
});
