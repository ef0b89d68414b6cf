import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod/mini';
import type { Logger } from '../log/logger.ts';
import { routeName, type AppEnv } from './app-env.ts';
import { limitBody } from './body-limit.ts';
import { errorResponse } from './errors.ts';
import { readJsonBodyAs } from './json-body.ts';
import { pathId } from './path-ids.ts';
import { securityEvent } from './security-events.ts';

/**
 * Who may call a route: anyone; someone signed in; someone signed in, without the call counting as
 * activity (the live stream, presence heartbeats); or someone signed in who may still have to set up the
 * second factor their team requires (the routes of that setup).
 */
export type SessionRequirement = 'none' | 'signed in' | 'background' | 'second-factor setup';

/** The session check of a requirement (auth's requireSession: handed in, as http sits below auth). */
export type SessionCheck = (requirement: Exclude<SessionRequirement, 'none'>) => MiddlewareHandler<AppEnv>;

/** What the recipe needs to guard a route: the session checks, and the log for refusals worth one. */
export interface RouteGuards {
  session: SessionCheck;
  logger: Logger;
}

/** All the BFF's own routes are mounted here: the log names a route by this and its path. */
export const BFF_PREFIX = '/bff';

type Schema = z.ZodMiniType;

/** A path parameter: its schema, and the answer when the segment is no acceptable id or fails the schema. */
export interface PathParam<S extends Schema = Schema> {
  schema: S;
  refused: () => Response;
}

export const pathParam = <S extends Schema>(schema: S, refused: () => Response): PathParam<S> => ({
  schema,
  refused,
});

/** A conversation's id in a path (any acceptable id: the store's own form is the store's business). */
export const conversationIdParam = pathParam(z.string(), () =>
  errorResponse(400, 'invalid_request', 'That is not a conversation id.', { field: 'id' }),
);

/**
 * One route, declared in one place. Its refusals come in one order, each before anything later is read:
 * the session, the role, the body's cap, the path parameters, the query, the body.
 */
export interface RouteRecipe<Query = unknown> {
  session: SessionRequirement;
  /** Owners only: anyone else gets 403 role_forbidden with `refusal`, logged as a security event if `logged`. */
  ownersOnly?: { refusal: string; logged?: boolean };
  /** By the name in the path (`/tags/:id` has `id`); read from the raw target, so `%2F` cannot move one. */
  params?: Record<string, PathParam>;
  /** The query string as an object of its first values; without one, the query is not read at all. */
  query?: { schema: Schema; refused: (error: z.core.$ZodError) => Response };
  /** A JSON body: `subject` names it in refusals ("the tag"), `hint` is the 400 invalid_body's message. */
  body?: { schema: Schema; subject: string; hint: string };
  /**
   * The cap on the body (413 past it, counted as it streams in): limitBody's default on a route with a
   * body unless given, and none on a route without one unless given.
   */
  bodyLimit?: number;
  /** With a session: answers instead of its 401 when nobody is signed in, or undefined to send the 401. */
  signedOut?: (refused: Response, query: Query) => Response | undefined;
}

type ParamsOf<R> = R extends { params: infer P extends Record<string, PathParam> }
  ? { [K in keyof P]: z.output<P[K]['schema']> }
  : Record<string, never>;
type QueryOf<R> = R extends { query: { schema: infer S extends Schema } } ? z.output<S> : undefined;
type BodyOf<R> = R extends { body: { schema: infer S extends Schema } } ? z.output<S> : undefined;

/** What a route's handler gets besides the context: its inputs, already checked against their schemas. */
export interface RouteInput<R> {
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
}

/** Any route's recipe, whatever its query's type (a handler of `never` accepts them all). */
type AnyRecipe = RouteRecipe<never>;
type Handler<R> = (c: Context<AppEnv>, input: RouteInput<R>) => Response | Promise<Response>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Chain = [MiddlewareHandler<AppEnv>, ...MiddlewareHandler<AppEnv>[]];

const roleForbidden = (refusal: string) => errorResponse(403, 'role_forbidden', refusal);

/** The middleware of a recipe's guards: the log's name, the session, the role and the body's cap. */
function guards(path: string, recipe: AnyRecipe, access: RouteGuards): Chain {
  const chain: Chain = [routeName(BFF_PREFIX + path.replace(/:(\w+)/g, '{$1}'))];
  if (recipe.session !== 'none') {
    const session = access.session(recipe.session);
    const { signedOut } = recipe;
    chain.push(
      signedOut === undefined
        ? session
        : async (c, next) => {
            const refused = await session(c, next);
            if (!(refused instanceof Response)) return refused;
            const query = recipe.query ? recipe.query.schema.safeParse(c.req.query()) : undefined;
            if (query?.success === false) return refused;
            return signedOut(refused, query?.data as never) ?? refused;
          },
    );
  }
  const owners = recipe.ownersOnly;
  if (owners)
    chain.push(async (c, next) => {
      if (c.get('user').role === 'owner') return next();
      if (owners.logged) securityEvent(access.logger, c, 'authz.role_refused', { user_id: c.get('user').id });
      return roleForbidden(owners.refusal);
    });
  if (recipe.body || recipe.bodyLimit !== undefined) chain.push(limitBody(recipe.bodyLimit));
  return chain;
}

/** Reads the recipe's inputs in order (path, query, body): their values, or the first refusal. */
async function inputsOf(c: Context<AppEnv>, recipe: AnyRecipe) {
  const params: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(recipe.params ?? {})) {
    const raw = pathId(c, name);
    const parsed = raw === undefined ? undefined : param.schema.safeParse(raw);
    if (!parsed?.success) return param.refused();
    params[name] = parsed.data;
  }
  let query: unknown;
  if (recipe.query) {
    const parsed = recipe.query.schema.safeParse(c.req.query());
    if (!parsed.success) return recipe.query.refused(parsed.error);
    query = parsed.data;
  }
  let body: unknown;
  if (recipe.body) {
    const { schema, subject, hint } = recipe.body;
    const read = await readJsonBodyAs(c, schema, subject, hint);
    if (!read.ok) return read.response;
    body = read.value;
  }
  return { params, query, body };
}

/** Fails at start, not at the first request, when a recipe cannot be what its route needs. */
function checkRecipe(method: Method, path: string, recipe: AnyRecipe): void {
  const inPath = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
  const declared = Object.keys(recipe.params ?? {}).sort();
  const where = `${method} ${BFF_PREFIX}${path}`;
  if (inPath.join() !== declared.join())
    throw new Error(
      `${where} declares the path parameters [${declared.join()}], its path has [${inPath.join()}]`,
    );
  if (recipe.session === 'none' && (recipe.ownersOnly || recipe.signedOut))
    throw new Error(`${where} checks a role or a sign-in without requiring a session`);
}

/**
 * The one way a part declares its routes under /bff: each says, in one recipe, the session it requires,
 * whether it is for owners, and the schemas of its path parameters, query and body; its handler gets
 * them checked and typed. A route module never reads a parameter, a query or a body itself, nor checks a
 * role (eslint holds this for every `*-routes.ts`). Mount `routes` under BFF_PREFIX.
 */
export function bffRouter(access: RouteGuards) {
  const routes = new Hono<AppEnv>();
  const add =
    (method: Method) =>
    <const R extends RouteRecipe<QueryOf<R>>>(path: string, recipe: R, handler: Handler<R>) => {
      checkRecipe(method, path, recipe);
      const handle: MiddlewareHandler<AppEnv> = async (c) => {
        const input = await inputsOf(c, recipe);
        return input instanceof Response ? input : handler(c, input as RouteInput<R>);
      };
      routes.on(method, path, ...guards(path, recipe, access), handle);
    };
  return {
    routes,
    get: add('GET'),
    post: add('POST'),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
  };
}
