import { Hono } from 'hono';
import { hasLiveSession, requireSession } from './auth/require-session.ts';
import type { AppEnv } from './http/app-env.ts';
import { declaredLengthLimit, limitBody } from './http/body-limit.ts';
import { csrfGuard } from './http/csrf.ts';
import { notFound } from './http/errors.ts';
import { CSP_REPORT_PATH, cspReportHandlers } from './http/csp-report.ts';
import { hostGuard } from './http/host-guard.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { jsonCompression } from './http/json-compression.ts';
import { DEFAULT_WRITE_BUDGETS, writeBudgets } from './http/write-budgets.ts';
import { staticFiles } from './http/static-files.ts';
import { BFF_PREFIX } from './http/route.ts';
import { apiBudget, DEFAULT_API_BUDGET, storeCharge } from './proxy/api-budget.ts';
import { proxyHandler } from './proxy/proxy-handler.ts';
import { createReadinessProbe, readinessAnswer } from './store-api/health.ts';
import { afterRelayed } from './assignment/reply-assigns.ts';
import { peopleLoaded } from './auth/people-loaded.ts';
import { appContext, type AppConfig, type AppDeps } from './composition/app-context.ts';
import { errorAnswers } from './composition/error-answers.ts';
import { recordRelayedAnswers } from './composition/record-answers.ts';

export type { AppConfig, AppDeps };

/**
 * The composition root: the context is built once (composition/app-context.ts) and each part is mounted
 * behind the middleware every request passes: the request log, security headers, the host check, the
 * body limit, then CSRF, the people loaded and the budgets for /bff, the session and the proxy for /api,
 * and the built app for everything else.
 */
export function createApp(config: AppConfig, deps: AppDeps) {
  const ctx = appContext(config, deps);
  const { now } = ctx;
  const readiness = createReadinessProbe(deps.upstream, deps.keys, now, deps.logger, 2000, async () => {
    const health = ctx.shared.health();
    if (!health.ok) return { ready: false, reason: health.reason };
    const stored = deps.database ? await deps.database.health() : { ok: true as const };
    return stored.ok ? { ready: true } : { ready: false, reason: stored.reason };
  });

  const app = new Hono<AppEnv>();
  app.use(requestLog(deps.logger));
  app.use(securityHeaders({ secure: config.secure }));
  app.use(hostGuard(config.publicOrigin, deps.logger));
  app.use(declaredLengthLimit());

  app.get('/healthz', (c) => {
    c.set('route', '/healthz');
    return c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' });
  });
  app.get('/readyz', async (c) => {
    c.set('route', '/readyz');
    return readinessAnswer(await readiness(), c, ctx.addressOf(c), config.healthToken);
  });
  app.post(
    CSP_REPORT_PATH,
    ...cspReportHandlers({
      logger: deps.logger,
      now,
      publicOrigin: config.publicOrigin,
      clientAddress: ctx.addressOf,
    }),
  );

  // JSON answers are compressed when large enough; SSE and other streams pass through untouched.
  app.use('/bff/*', jsonCompression());
  app.use('/api/*', jsonCompression());
  const csrf = csrfGuard(config.publicOrigin, deps.logger);
  app.use('/bff/*', csrf);
  const waitForPeople = peopleLoaded(ctx.peopleDirectory);
  app.use('/bff/*', waitForPeople);
  app.use('/api/*', waitForPeople);
  // One budget per person for the store requests made on their behalf, through /api or the BFF's routes.
  const apiLimits = deps.apiBudget ?? DEFAULT_API_BUDGET;
  const budgets = ctx.shared.budgets();
  app.use('/bff/*', storeCharge(apiLimits, now, deps.logger, budgets));
  app.use('/bff/*', writeBudgets(deps.writeBudgets ?? DEFAULT_WRITE_BUDGETS, now, deps.logger, budgets));
  // Every part's routes, in the order the parts were installed (composition/parts.ts).
  for (const routes of ctx.routes) app.route(BFF_PREFIX, routes);

  app.use('/api/*', async (c, next) => {
    c.set('route', '/api/*');
    await next();
  });
  app.use('/api/*', csrf);
  app.use('/api/*', requireSession({ ...ctx.routeAccess, logger: deps.logger }));
  app.use('/api/*', apiBudget(apiLimits, now, deps.logger, budgets));
  app.use('/api/*', limitBody());
  app.all(
    '/api/*',
    proxyHandler({
      upstream: deps.upstream,
      keys: deps.keys,
      logger: deps.logger,
      ...(deps.database
        ? {
            afterAnswer: afterRelayed(
              recordRelayedAnswers(ctx.records, deps.logger),
              ctx.assigner,
              deps.logger,
            ),
          }
        : {}),
      conversationLocks: ctx.conversationLocks,
      conversationWritten: ctx.conversationWritten,
    }),
  );

  app.all(
    '*',
    staticFiles(deps.distDir, { signedIn: (c) => hasLiveSession(ctx.routeAccess, c.req.header('cookie')) }),
  );
  app.notFound(() => notFound());
  app.onError(errorAnswers(deps.logger));
  // The live hub has timers and streams, and the snooze waker a timer once started: whoever runs the app
  // starts the waker when the database is open, and stops both at shutdown.
  return Object.assign(app, {
    liveHub: ctx.hub,
    feed: ctx.feed,
    assigner: ctx.assigner,
    snoozeWaker: ctx.snoozeWaker,
  });
}

export type App = ReturnType<typeof createApp>;
