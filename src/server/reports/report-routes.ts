import type { Hono } from 'hono';
import type { z } from 'zod/mini';
import { PEOPLE_CSV_COLUMNS, REPORT_CSV_COLUMNS, reportQuerySchema } from '../../schemas/reports.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { invalidValue } from '../http/json-body.ts';
import { bffRouter } from '../http/route.ts';
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
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };

/** Every report route: owners only, with a period asked for as the reports' query says. */
const REPORT = {
  session: 'signed in',
  ownersOnly: { refusal: "Only an owner can see the store's reports." },
  query: {
    schema: reportQuerySchema,
    refused: (error: z.core.$ZodError) =>
      errorResponse(
        400,
        'invalid_query',
        'Ask for period=7d, 30d or 90d, or period=custom with from and to (YYYY-MM-DD, at most 366 days).',
        invalidValue(error),
      ),
  },
} as const;

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
  const router = bffRouter(deps.access);
  const periodOf = (query: z.output<typeof reportQuerySchema>) =>
    periodDays(query, deps.timeZone, deps.now());

  router.get('/reports', REPORT, async (c, { query }) => {
    const [figures, coverage] = await Promise.all([deps.figures(), deps.coverage()]);
    return c.json({ data: await figures.report(periodOf(query), coverage) }, 200, NO_STORE);
  });

  const nameOf: NameOf = (userId) =>
    userId === null
      ? null
      : (deps.access.directory.roster().find((member) => member.id === userId)?.name ?? userId);
  const csv = (body: string, name: string, period: ReportPeriodDays) =>
    new Response(body, {
      status: 200,
      headers: {
        ...NO_STORE,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}-${period.from}-to-${period.to}.csv"`,
      },
    });

  router.get('/reports/conversations.csv', REPORT, async (_c, { query }) => {
    const period = periodOf(query);
    const rows = await (await deps.figures()).conversationRows(period);
    return csv(toCsv(REPORT_CSV_COLUMNS, namedConversationRows(rows, nameOf)), 'conversations', period);
  });

  router.get('/reports/people.csv', REPORT, async (_c, { query }) => {
    const period = periodOf(query);
    const [figures, coverage] = await Promise.all([deps.figures(), deps.coverage()]);
    const report = await figures.report(period, coverage);
    return csv(toCsv(PEOPLE_CSV_COLUMNS, peopleRows(report, nameOf)), 'people', period);
  });

  return router.routes;
}
