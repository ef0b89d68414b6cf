import type { Handler, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { limitBody } from './body-limit.ts';
import type { Logger } from './logger.ts';
import { securityEvent } from './security-events.ts';
import { TokenBuckets } from '../proxy/token-buckets.ts';

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

/**
 * Logs CSP violations as `csp.violation` events. Anyone can post here (browsers send reports without
 * the dashboard's headers or cookies), so the log lines are rate limited globally: beyond the budget
 * reports are accepted and dropped, and one line says how many were dropped.
 */
export function cspReportHandlers(
  logger: Logger,
  now: () => number,
  perMinute = 30,
): [MiddlewareHandler<AppEnv>, Handler<AppEnv>] {
  const budget = new TokenBuckets({ burst: perMinute, perMinute }, now);
  let dropped = 0;
  // An oversized report is dropped like any other: the browser is never told anything but 204.
  return [
    limitBody(MAX_REPORT_BYTES, accepted),
    async (c) => {
      c.set('route', CSP_REPORT_PATH);
      const type = c.req.header('content-type') ?? '';
      if (!/^application\/(csp-report|reports\+json|json)\s*(;|$)/i.test(type)) return accepted();
      let body: unknown;
      try {
        body = JSON.parse(Buffer.from(await c.req.arrayBuffer()).toString('utf8'));
      } catch (error) {
        if (error instanceof SyntaxError) return accepted();
        throw error;
      }
      for (const report of reportsOf(body).slice(0, MAX_REPORTS_PER_REQUEST)) {
        if (budget.waitSeconds('all') > 0) {
          dropped += 1;
          continue;
        }
        budget.take('all');
        securityEvent(logger, c, 'csp.violation', {
          ...pick(report),
          ...(dropped > 0 ? { dropped_since_last: dropped } : {}),
        });
        dropped = 0;
      }
      return accepted();
    },
  ];
}
