import type { Hono } from 'hono';
import { memoryKnownGroups, redisKnownGroups } from '../auth/known-groups.ts';
import { secondFactorRoutes } from '../auth/second-factor-routes.ts';
import { sessionRoutes } from '../auth/session-routes.ts';
import { assignmentRoutes } from '../assignment/assignment-routes.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import { historyRoutes } from '../history/history-routes.ts';
import type { AppEnv } from '../http/app-env.ts';
import { BFF_PREFIX } from '../http/route.ts';
import { inboxRoutes } from '../inbox/inbox-routes.ts';
import { integrationRoutes } from '../integrations/integration-routes.ts';
import { keptCopiesRoutes } from '../kept-copies/kept-copies-routes.ts';
import { liveRoutes } from '../live/live-routes.ts';
import { noteRoutes } from '../notes/note-routes.ts';
import { ReportFigures } from '../reports/report-figures.ts';
import { reportRoutes } from '../reports/report-routes.ts';
import { savedRepliesRoutes } from '../saved-replies/saved-replies-routes.ts';
import { snoozeRoutes } from '../snooze/snooze-routes.ts';
import { tagRoutes } from '../tags/tag-routes.ts';
import { linkRoutes } from '../team/link-routes.ts';
import { teamRoutes } from '../team/team-routes.ts';
import { OWASP_SCRYPT_PARAMS } from '../users/password.ts';
import type { AppContext } from './app-context.ts';

/**
 * Every part's routes under /bff, each handed what it needs from the context and nothing else. The
 * middleware in front of them (CSRF, the people loaded, the store and write budgets) is app.ts's.
 */
export function mountBffRoutes(bff: Hono<AppEnv>, ctx: AppContext): void {
  const { deps, config, now, routeAccess, stores, inbox } = ctx;
  const onSessionEnd = (token: string) => ctx.hub.endSession(token);
  const mount = (routes: Hono<AppEnv>) => bff.route(BFF_PREFIX, routes);

  mount(liveRoutes({ hub: ctx.hub, access: routeAccess }));
  mount(
    inboxRoutes({
      inbox,
      // While the database is down the open still counts; the woken mark waits for the next open.
      ...(deps.database
        ? {
            opened: (id) =>
              stores
                .snoozes()
                .then((store) => store.dismissWoken(id))
                .catch((error: unknown) => {
                  if (!(error instanceof DatabaseUnavailableError)) throw error;
                }),
          }
        : {}),
      access: routeAccess,
    }),
  );
  mount(
    noteRoutes({
      notes: stores.notes,
      conversationExists: (id, charge) => inbox.conversationExists(id, charge),
      access: routeAccess,
    }),
  );
  mount(historyRoutes({ history: stores.history, retention: stores.retention, access: routeAccess }));
  mount(keptCopiesRoutes({ ...stores.records, access: routeAccess }));
  mount(integrationRoutes({ integrations: stores.records.integrations, access: routeAccess }));
  mount(
    reportRoutes({
      figures: async () => new ReportFigures((await ctx.database.database()).db),
      coverage: () => inbox.coverage(),
      timeZone: deps.storeTimeZone ?? 'UTC',
      now,
      access: routeAccess,
    }),
  );
  mount(
    assignmentRoutes({
      team: stores.team,
      assigner: ctx.assigner,
      announce: stores.announceAvailability,
      access: routeAccess,
    }),
  );
  mount(
    savedRepliesRoutes({
      savedReplies: stores.savedReplies,
      changed: async () => {
        await ctx.log.append('saved_replies', {});
      },
      access: routeAccess,
    }),
  );
  mount(tagRoutes({ tags: stores.tags, knownConversation: (id) => inbox.mayWatch(id), access: routeAccess }));
  mount(
    snoozeRoutes({
      snoozes: stores.snoozes,
      lookUp: (id, charge) => inbox.lookUp(id, charge),
      now,
      access: routeAccess,
    }),
  );
  const team = {
    people: () =>
      ctx.peopleDirectory?.people() ??
      Promise.reject(new DatabaseUnavailableError(new Error('the people are not kept in the database'))),
    refresh: async () => ctx.peopleDirectory?.refresh(),
    access: routeAccess,
  };
  const passwords = {
    throttle: ctx.throttle,
    secret: deps.sessionSecret,
    clientAddress: ctx.addressOf,
    sessionAbsoluteMs: config.sessionAbsoluteMs,
    onSessionEnd,
  };
  const passwordParams = deps.passwordParams ?? OWASP_SCRYPT_PARAMS;
  mount(
    teamRoutes({
      ...team,
      publicOrigin: config.publicOrigin,
      ...(deps.mailLink ? { mailLink: deps.mailLink } : {}),
    }),
  );
  mount(linkRoutes({ ...team, ...passwords, hashLimiter: ctx.hashLimiter, passwordParams }));
  mount(
    secondFactorRoutes({
      ...team,
      ...passwords,
      hashLimiter: ctx.hashLimiter,
      secondFactors: stores.secondFactors,
      now,
    }),
  );
  mount(
    sessionRoutes({
      access: routeAccess,
      ...passwords,
      hashLimiter: ctx.hashLimiter,
      knownGroups: ctx.shared.redis
        ? redisKnownGroups(ctx.shared.redis.client, ctx.shared.redis.key)
        : memoryKnownGroups(now),
      now,
      passwordParams,
    }),
  );
}
