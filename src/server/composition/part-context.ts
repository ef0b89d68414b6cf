import type { Hono } from 'hono';
import { partNameSchema } from '../../schemas/live.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { EventLog } from '../live/event-log.ts';
import type { Logger } from '../log/logger.ts';
import type { Part, PartContext } from '../part/part.ts';
import type { DashboardDatabase } from './dashboard-database.ts';

export interface PartRoot {
  now: () => number;
  logger: Logger;
  access: RouteAccess;
  database: DashboardDatabase;
  /** Whether a database was configured (without one, some tests, nothing is recorded). */
  recorded: boolean;
  log: EventLog;
}

/**
 * Installs parts, each with its own context over what the root built once (the database, the event log,
 * the route access), and keeps their routes in the order installed: app.ts mounts them behind the /bff
 * middleware.
 */
export function partInstaller(root: PartRoot) {
  const routes: Hono<AppEnv>[] = [];
  const contextOf = (name: string): PartContext => ({
    now: root.now,
    logger: root.logger,
    access: root.access,
    store: (build) => root.database.store(build),
    mount: (router) => void routes.push(router),
    changed: async (conversationIds) => {
      await root.log.append('records', {
        part: name,
        ...(conversationIds ? { conversation_ids: conversationIds } : {}),
      });
    },
    publish: async (eventName, data) => {
      await root.log.append(eventName, data);
    },
  });
  return {
    routes,
    install: <Needs, Face>(part: Part<Needs, Face>, needs: Needs): Face => {
      // The name goes on the wire in the part's records event: one the browser would refuse fails here.
      if (!partNameSchema.safeParse(part.name).success)
        throw new Error(`A part's name is lower-case words joined by "_": not "${part.name}"`);
      return part.install(contextOf(part.name), needs);
    },
  };
}
