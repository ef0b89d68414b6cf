import type { Hono } from 'hono';
import type { LiveEventData, LiveEventName } from '../../schemas/live.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { Db } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { Logger } from '../log/logger.ts';

/** The events a part publishes under its own name: those whose data the browser reads. */
export type OwnEventName = Exclude<LiveEventName, 'ready' | 'presence' | 'records' | 'resync'>;

/**
 * What the composition root hands each part as it installs it: one context, the same shape for every
 * part, with the part's own name already bound where it matters (its `records` event).
 */
export interface PartContext {
  now: () => number;
  logger: Logger;
  /** What every route is handed: the recipe's session checks, the sessions and the people. */
  access: RouteAccess;
  /**
   * A store over the dashboard's database, built once it is open (the first call waits for it; a failed
   * opening answers DatabaseUnavailableError, a 503): every part's store is made this one way.
   */
  store<Store>(build: (db: Db) => Store): () => Promise<Store>;
  /** Mounts the part's routes (a `bffRouter`) under /bff, behind the middleware every /bff request passes. */
  mount(routes: Hono<AppEnv>): void;
  /**
   * Tells every dashboard that this part's records changed and are to be read again: the live `records`
   * event with the part's name, naming the conversations concerned for a part kept per conversation. The
   * browser reads again every query of the part (keys derived from its name), and the inbox's rows when
   * conversations are named: a new part adds no event of its own.
   */
  changed(conversationIds?: string[]): Promise<void>;
  /** Publishes an event with a schema of its own, for the parts whose events carry what the browser shows. */
  publish<K extends OwnEventName>(name: K, data: LiveEventData[K]): Promise<void>;
}

/**
 * One part of the BFF (tags, notes, snoozes...): its name (that of its `records` event) and how it
 * installs itself: it builds its stores with `ctx.store`, mounts its routes with `ctx.mount` and returns
 * what other parts may use (its face). What it needs of other parts comes in `needs`, wired by the
 * composition root, so that no part's folder imports another's.
 */
export interface Part<Needs, Face> {
  name: string;
  install(ctx: PartContext, needs: Needs): Face;
}

/** Declares a part; `Needs` is what the composition root hands it from the other parts' faces. */
export const definePart = <Needs = Record<string, never>, Face = void>(part: Part<Needs, Face>) => part;
