import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, manualClock } from '../testing/test-app.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

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
      headers: { 'content-type': 'application/csp-report' },
      body: violation(7),
    });
    expect(legacy.status).toBe(204);
    const modern = await app.request('/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/reports+json' },
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

  it('rate limits what it logs, and refills with time', async () => {
    const clock = manualClock();
    const { app, logs } = await buildTestApp({ upstreamUrl: upstream.url, now: clock.now });
    const post = (n: number) =>
      app.request('/csp-report', {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report' },
        body: violation(n),
      });
    for (let i = 0; i < 100; i += 1) expect((await post(i)).status).toBe(204);
    const count = () => logs.filter((line) => line.includes('"event":"csp.violation"')).length;
    expect(count()).toBe(30);
    clock.advance(60_000);
    await post(1);
    expect(count()).toBe(31);
    expect(logs.at(-2)).toContain('"dropped_since_last":70');
  });
});
