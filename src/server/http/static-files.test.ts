import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, signInAs, tempDist, type TestApp } from '../testing/test-app.ts';
import { SPA_CSP } from './security-headers.ts';

let upstream: FakeUpstream;
let app: TestApp;
beforeAll(async () => {
  upstream = await startFakeUpstream();
  const dist = tempDist();
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/app-abc.js',
        dynamicImports: ['src/app/app.tsx', 'src/app/sign-in-entry.tsx'],
      },
      'src/app/app.tsx': { file: 'assets/app-def.js' },
      'src/app/sign-in-entry.tsx': { file: 'assets/sign-in-jkl.js' },
      'src/app/routes/inbox.tsx': { file: 'assets/inbox-ghi.js' },
    }),
  );
  ({ app } = await buildTestApp({ upstreamUrl: upstream.url, deps: { distDir: dist } }));
});
afterAll(() => upstream.close());

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; require-trusted-types-for 'script'; trusted-types default; report-uri /csp-report; report-to csp";

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  expect(response.headers.get('origin-agent-cluster')).toBe('?1');
  expect(response.headers.get('x-permitted-cross-domain-policies')).toBe('none');
  expect(response.headers.get('x-xss-protection')).toBe('0');
  expect(response.headers.get('strict-transport-security')).toBeNull(); // http here
}

describe('the SPA document', () => {
  it('serves index.html at / with the strict CSP, no-cache and the security headers', async () => {
    const response = await app.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(EXPECTED_CSP);
    expect(SPA_CSP).toBe(EXPECTED_CSP);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(response);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const path of ['/inbox', '/inbox/conv_1?status=active', '/settings/knowledge']) {
      const response = await app.request(path, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe(EXPECTED_CSP);
    }
  });

  it('names the files an address needs in a Link header; files get none', async () => {
    const cookie = await signInAs(app);
    const inbox = await app.request('/inbox/conv_1?status=active', {
      headers: { accept: 'text/html', cookie },
    });
    expect(inbox.headers.get('link')).toBe(
      [
        '</assets/app-abc.js>; rel=modulepreload; crossorigin',
        '</assets/app-def.js>; rel=modulepreload; crossorigin',
        '</assets/inbox-ghi.js>; rel=modulepreload; crossorigin',
      ].join(', '),
    );
    // The header depends on the session cookie.
    expect(inbox.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    // An unknown address shows the not-found page, which needs the app.
    expect((await app.request('/settings/knowledge', { headers: { cookie } })).headers.get('link')).toBe(
      [
        '</assets/app-abc.js>; rel=modulepreload; crossorigin',
        '</assets/app-def.js>; rel=modulepreload; crossorigin',
      ].join(', '),
    );
    expect((await app.request('/assets/app-abc.js', { headers: { cookie } })).headers.get('link')).toBeNull();
    // The build's manifest that names them is not served.
    expect((await app.request('/.vite/manifest.json')).status).toBe(404);
  });

  it('names the sign-in page’s files, not the app’s, for any address loaded without a live session', async () => {
    const signInFiles = [
      '</assets/app-abc.js>; rel=modulepreload; crossorigin',
      '</assets/sign-in-jkl.js>; rel=modulepreload; crossorigin',
    ].join(', ');
    for (const path of ['/', '/inbox?view=mine', '/sign-in', '/no-such-page']) {
      expect((await app.request(path)).headers.get('link'), path).toBe(signInFiles);
    }
    // An ended session's cookie is no session.
    const ended = await signInAs(app);
    await app.request('/bff/logout', {
      method: 'POST',
      headers: { 'x-csrf': '1', 'sec-fetch-site': 'same-origin', cookie: ended },
    });
    expect((await app.request('/inbox', { headers: { cookie: ended } })).headers.get('link')).toBe(
      signInFiles,
    );
  });

  it('revalidates index.html with its ETag', async () => {
    const first = await app.request('/');
    const etag = first.headers.get('etag')!;
    const second = await app.request('/', { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
  });
});

describe('static files', () => {
  it('serves hashed assets with long immutable caching', async () => {
    const response = await app.request('/assets/app-abc.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(response);
    expect(await response.text()).toBe('console.log(1)');
  });

  it('serves other files with short caching', async () => {
    const response = await app.request('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers 404 (not the document) for a missing asset or file', async () => {
    for (const path of ['/assets/missing.js', '/assets/nested', '/missing.png']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('never serves the SPA for server paths or other methods', async () => {
    expect((await app.request('/healthz/x')).status).toBe(404);
    expect((await app.request('/readyz/x')).status).toBe(404);
    expect((await app.request('/', { method: 'POST' })).status).toBe(404);
    expect((await app.request('/bff/unknown', { headers: { 'x-csrf': '1' } })).status).toBe(404);
  });

  it('refuses paths escaping the build directory', async () => {
    for (const path of ['/assets/..%2F..%2Fpackage.json', '/%2e%2e/package.json', '/assets/%5C..%5Cx.js']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});

describe('security headers on every answer', () => {
  it.each([
    ['/healthz', {}],
    ['/api/v1/agent-config', { 'x-csrf': '1' }],
    ['/api/v1/agent-config', {}],
    ['/bff/session', { 'x-csrf': '1' }],
  ])('%s', async (path, headers) => {
    const response = await app.request(path, { headers });
    expectSecurityHeaders(response);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers /healthz without touching the upstream', async () => {
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('dotfiles', () => {
  it.each(['/.env', '/.git/config', '/.git/', '/assets/.hidden', '/%2Eenv', '/.well-known/security.txt'])(
    'answers %s with 404, never index.html',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.text()).not.toContain('<!doctype html>');
    },
  );
});
