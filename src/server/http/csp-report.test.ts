import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, manualClock } from '../testing/test-app.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

/** What a browser sends with a report from the dashboard's own page. */
const OWN_PAGE = { 'content-type': 'application/csp-report', 'sec-fetch-site': 'same-origin' };

const violation = (n: number) =>
  JSON.stringify({
    'csp-report': {
      'document-uri': 'http://127.0.0.1:8080/inbox?secret=1',
      'effective-directive': 'style-src-elem',
      'blocked-uri': 'inline',
      'line-number': n,
    },
  });

describe('CSP', () => {
  it('the document allows no inline style, requires Trusted Types and names a report endpoint', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const response = await app.request('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/(^|; )style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*(;|$)/);
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).toContain('report-uri /csp-report');
    expect(csp).toContain('report-to csp');
    expect(response.headers.get('reporting-endpoints')).toBe('csp="/csp-report"');
  });

  it('sends HSTS with includeSubDomains over https only', async () => {
    const https = await buildTestApp({
      upstreamUrl: upstream.url,
      config: { publicOrigin: 'https://dashboard.example.com', secure: true },
    });
    expect((await https.app.request('/')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const http = await buildTestApp({ upstreamUrl: upstream.url });
    expect((await http.app.request('/')).headers.get('strict-transport-security')).toBeNull();
  });

  it('logs violations from both report formats as csp.violation, without query strings', async () => {
    const { app, logs } = await buildTestApp({ upstreamUrl: upstream.url });
    const legacy = await app.request('/csp-report', {
      method: 'POST',
      headers: OWN_PAGE,
      body: violation(7),
    });
    expect(legacy.status).toBe(204);
    const modern = await app.request('/csp-report', {
      method: 'POST',
      headers: { ...OWN_PAGE, 'content-type': 'application/reports+json' },
      body: JSON.stringify([
        {
          type: 'csp-violation',
          body: {
            documentURL: 'http://127.0.0.1:8080/config',
            effectiveDirective: 'require-trusted-types-for',
            blockedURL: 'trusted-types-sink',
          },
        },
      ]),
    });
    expect(modern.status).toBe(204);
    const events = logs
      .filter((line) => line.includes('"event":"csp.violation"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      directive: 'style-src-elem',
      blocked: 'inline',
      line: 7,
      level: 'warn',
    });
    expect(events[0]!.document).toBe('http://127.0.0.1:8080/inbox');
    expect(events[1]).toMatchObject({ directive: 'require-trusted-types-for' });
  });

  it('rate limits what it logs per address group and in all, and refills with time', async () => {
    const clock = manualClock();
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      now: clock.now,
      deps: { clientAddress: (c) => c.req.header('x-test-client') ?? 'client-a' },
    });
    const post = (n: number, client: string) =>
      app.request('/csp-report', {
        method: 'POST',
        headers: { ...OWN_PAGE, 'x-test-client': client },
        body: violation(n),
      });
    const count = () => logs.filter((line) => line.includes('"event":"csp.violation"')).length;
    // One address: its own 10 lines a minute.
    for (let i = 0; i < 100; i += 1) expect((await post(i, '198.51.100.7')).status).toBe(204);
    expect(count()).toBe(10);
    // Many addresses: 30 lines a minute in all.
    for (let i = 0; i < 40; i += 1) await post(i, `203.0.113.${i}`);
    expect(count()).toBe(30);
    clock.advance(60_000);
    await post(1, '198.51.100.7');
    expect(count()).toBe(31);
    const last = logs.findLast((line) => line.includes('"event":"csp.violation"'))!;
    // The 90 left out of the first flood were reported by the first line after them; these are the rest.
    expect(last).toContain('"suppressed_since_last":20');
    expect(last).toContain('"group":"198.51.100.7"');
  });

  it('refuses reports that do not come from the dashboard’s own pages', async () => {
    const { app, logs } = await buildTestApp({ upstreamUrl: upstream.url });
    const post = (headers: Record<string, string>, body = violation(1)) =>
      app.request('/csp-report', {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report', ...headers },
        body,
      });
    const foreign: Record<string, string>[] = [
      { origin: 'https://attacker.example' },
      { origin: 'https://attacker.example', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'cross-site' },
      {},
    ];
    for (const headers of foreign) {
      const refused = await post(headers);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('csp_report_refused');
    }
    // From the dashboard's pages, but about another site's document: accepted, not logged.
    const elsewhere = violation(2).replace('http://127.0.0.1:8080/inbox', 'https://attacker.example/x');
    expect((await post(OWN_PAGE, elsewhere)).status).toBe(204);
    expect(logs.some((line) => line.includes('"event":"csp.violation"'))).toBe(false);
    expect((await post({ origin: 'http://127.0.0.1:8080' })).status).toBe(204);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(204);
    expect(logs.filter((line) => line.includes('"event":"csp.violation"'))).toHaveLength(2);
  });

  it('keeps logging the dashboard’s reports while another address floods the endpoint', async () => {
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      deps: { clientAddress: (c) => c.req.header('x-test-client') ?? 'client-a' },
    });
    const post = (n: number, client: string) =>
      app.request('/csp-report', {
        method: 'POST',
        headers: { ...OWN_PAGE, 'x-test-client': client },
        body: violation(n),
      });
    const flood = Array.from({ length: 500 }, async (_, i) => (await post(1000 + i, '192.0.2.66')).status);
    for (let i = 0; i < 5; i += 1) expect((await post(i, '203.0.113.5')).status).toBe(204);
    expect(new Set(await Promise.all(flood))).toEqual(new Set([204]));
    const logged = logs
      .filter((line) => line.includes('"event":"csp.violation"'))
      .map((line) => JSON.parse(line) as { group: string; line: number });
    expect(logged.filter((event) => event.group === '203.0.113.5').map((event) => event.line)).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect(logged.filter((event) => event.group === '192.0.2.66')).toHaveLength(10);
  });
});
