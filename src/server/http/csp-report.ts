import type { Context, Handler, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { limitBody } from './body-limit.ts';
import { addressGroup } from './client-address.ts';
import { errorResponse } from './errors.ts';
import { acceptedOrigins } from './host-guard.ts';
import { logBudget } from './log-budget.ts';
import type { Logger } from '../log/logger.ts';
import { securityEvent } from './security-events.ts';

/** Where browsers send CSP violation reports (report-uri and the Reporting API's report-to). */
export const CSP_REPORT_PATH = '/csp-report';
const MAX_REPORT_BYTES = 64 * 1024;
const MAX_REPORTS_PER_REQUEST = 10;

/** A URL reduced to origin and path: queries can hold anything, and the log must stay small. */
function trimUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`.slice(0, 300);
  } catch {
    // Keywords such as "inline", "eval", "trusted-types-sink".
    return value.slice(0, 60);
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 120) : undefined);
const integer = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/** The fields worth alerting on, from either report format; nothing else of the report is logged. */
function pick(report: Record<string, unknown>) {
  return {
    directive: text(
      report['effectiveDirective'] ?? report['effective-directive'] ?? report['violated-directive'],
    ),
    blocked: trimUrl(report['blockedURL'] ?? report['blocked-uri']),
    document: trimUrl(report['documentURL'] ?? report['document-uri']),
    source: trimUrl(report['sourceFile'] ?? report['source-file']),
    line: integer(report['lineNumber'] ?? report['line-number']),
    disposition: text(report['disposition']),
  };
}

function reportsOf(body: unknown): Record<string, unknown>[] {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  // report-uri: {"csp-report": {...}}; report-to: [{type: "csp-violation", body: {...}}, ...]
  if (isObject(body) && isObject(body['csp-report'])) return [body['csp-report']];
  if (Array.isArray(body)) {
    return body
      .filter((item): item is Record<string, unknown> => isObject(item) && item['type'] === 'csp-violation')
      .map((item) => item['body'])
      .filter(isObject);
  }
  return [];
}

const accepted = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

export interface CspReportOptions {
  logger: Logger;
  now: () => number;
  publicOrigin: string;
  clientAddress: (c: Context<AppEnv>) => string;
  /** Lines logged a minute from one address group, and from all together. */
  perGroupPerMinute?: number;
  perMinute?: number;
}

/**
 * Logs CSP violations as `csp.violation` events. Browsers send reports without the dashboard's headers or
 * cookies, so the endpoint cannot ask for a session; instead it takes reports only as the dashboard's own
 * pages send them: with `Origin` = the public origin, or without Origin and with `Sec-Fetch-Site:
 * same-origin` (set by the browser, never by a page), and only about the dashboard's own documents.
 * Anything else is refused (403). A script can still forge those headers, so the log lines are budgeted
 * per address group as well as globally: one flooding address spends its own share and the dashboards'
 * reports keep being logged. Beyond the budget reports are accepted and dropped, and the next line says
 * how many were left out.
 */
export function cspReportHandlers(options: CspReportOptions): [MiddlewareHandler<AppEnv>, Handler<AppEnv>] {
  const { logger, publicOrigin } = options;
  const origins = acceptedOrigins(publicOrigin);
  const budget = logBudget(options.now, options.perGroupPerMinute ?? 10, options.perMinute ?? 30);
  const fromDashboard = (c: Context<AppEnv>) => {
    const origin = c.req.header('origin');
    return origin !== undefined ? origins.has(origin) : c.req.header('sec-fetch-site') === 'same-origin';
  };
  const aboutDashboard = (report: Record<string, unknown>) => {
    try {
      return origins.has(new URL(pick(report).document ?? '').origin);
    } catch {
      return false;
    }
  };
  // An oversized report is dropped like any other: the browser is never told anything but 204.
  return [
    limitBody(MAX_REPORT_BYTES, accepted),
    async (c) => {
      c.set('route', CSP_REPORT_PATH);
      if (!fromDashboard(c)) {
        return errorResponse(
          403,
          'csp_report_refused',
          "CSP reports are accepted from the dashboard's own pages only.",
        );
      }
      const type = c.req.header('content-type') ?? '';
      if (!/^application\/(csp-report|reports\+json|json)\s*(;|$)/i.test(type)) return accepted();
      let body: unknown;
      try {
        body = JSON.parse(Buffer.from(await c.req.arrayBuffer()).toString('utf8'));
      } catch (error) {
        if (error instanceof SyntaxError) return accepted();
        throw error;
      }
      const group = addressGroup(options.clientAddress(c));
      for (const report of reportsOf(body).slice(0, MAX_REPORTS_PER_REQUEST)) {
        if (!aboutDashboard(report)) continue;
        const extra = budget.admit(group);
        if (extra) securityEvent(logger, c, 'csp.violation', { ...pick(report), group, ...extra });
      }
      return accepted();
    },
  ];
}
