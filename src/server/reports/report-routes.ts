import { Hono, type Context } from 'hono';
import { ownerOnly } from '../auth/owner-only.ts';
import { PEOPLE_CSV_COLUMNS, REPORT_CSV_COLUMNS, reportQuerySchema } from '../../schemas/reports.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { invalidValue } from '../http/json-body.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import { toCsv } from './csv.ts';
import type { FeedCoverage, ReportFigures } from './report-figures.ts';
import type { ReportPeriodDays } from './report-period.ts';
import { namedConversationRows, peopleRows, type NameOf } from './report-exports.ts';
import { periodDays } from './report-period.ts';

export interface ReportRoutesDeps {
  figures: () => Promise<ReportFigures>;
  /** How far the store feed has got (the conversations it knows of). */
  coverage: () => Promise<FeedCoverage>;
  /** The store's IANA time zone: the report's days start at its midnight. */
  timeZone: string;
  now: () => number;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

const NO_STORE = { 'cache-control': 'no-store' };

const ownersOnly = ownerOnly("Only an owner can see the store's reports.");

/**
 * The owner's reports, from the dashboard's own copy (CSRF is checked before these run; a database
 * outage answers 503 `database_unavailable` through the app's error handler):
 * - GET /bff/reports?period=7d|30d|90d|custom[&from&to]: every figure of the period;
 * - GET /bff/reports/conversations.csv?(same query): one row per conversation started in the period, the
 *   rows the figures count;
 * - GET /bff/reports/people.csv?(same query): the assistant's ratings and each person's figures.
 * The CSVs are UTF-8 with a byte-order mark, RFC 4180, formulas neutralised (csv.ts).
 */
export function reportRoutes(deps: ReportRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);

  const periodOf = (c: Context<AppEnv>) => {
    const parsed = reportQuerySchema.safeParse(c.req.query());
    if (!parsed.success)
      return {
        refusal: errorResponse(
          400,
          'invalid_query',
          'Ask for period=7d, 30d or 90d, or period=custom with from and to (YYYY-MM-DD, at most 366 days).',
          invalidValue(parsed.error),
        ),
      };
    return { period: periodDays(parsed.data, deps.timeZone, deps.now()) };
  };

  routes.get('/reports', route('/bff/reports'), session, ownersOnly, async (c) => {
    const asked = periodOf(c);
    if ('refusal' in asked) return asked.refusal;
    const [figures, coverage] = await Promise.all([deps.figures(), deps.coverage()]);
    return c.json({ data: await figures.report(asked.period, coverage) }, 200, NO_STORE);
  });

  const nameOf: NameOf = (userId) =>
    userId === null ? null : (deps.directory.roster().find((member) => member.id === userId)?.name ?? userId);
  const csv = (body: string, name: string, period: ReportPeriodDays) =>
    new Response(body, {
      status: 200,
      headers: {
        ...NO_STORE,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}-${period.from}-to-${period.to}.csv"`,
      },
    });

  routes.get(
    '/reports/conversations.csv',
    route('/bff/reports/conversations.csv'),
    session,
    ownersOnly,
    async (c) => {
      const asked = periodOf(c);
      if ('refusal' in asked) return asked.refusal;
      const rows = await (await deps.figures()).conversationRows(asked.period);
      return csv(
        toCsv(REPORT_CSV_COLUMNS, namedConversationRows(rows, nameOf)),
        'conversations',
        asked.period,
      );
    },
  );

  routes.get('/reports/people.csv', route('/bff/reports/people.csv'), session, ownersOnly, async (c) => {
    const asked = periodOf(c);
    if ('refusal' in asked) return asked.refusal;
    const [figures, coverage] = await Promise.all([deps.figures(), deps.coverage()]);
    const report = await figures.report(asked.period, coverage);
    return csv(toCsv(PEOPLE_CSV_COLUMNS, peopleRows(report, nameOf)), 'people', asked.period);
  });

  return routes;
}
