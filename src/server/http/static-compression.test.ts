import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, tempDist, type TestApp } from '../testing/test-app.ts';
import { acceptedEncodings } from './static-files.ts';

let upstream: FakeUpstream;
let app: TestApp;
let dist: string;
// Big enough that compression matters, repetitive like real bundles.
const SCRIPT = 'export function f(){return "the same words again";}\n'.repeat(200);

/** Writes a file with its .br and .gz copies, as the build does. */
function writeWithCopies(path: string, body: string | Buffer) {
  writeFileSync(path, body);
  writeFileSync(`${path}.br`, brotliCompressSync(body));
  writeFileSync(`${path}.gz`, gzipSync(body));
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  dist = tempDist();
  mkdirSync(join(dist, 'assets'));
  writeWithCopies(join(dist, 'assets', 'app-abc.js'), SCRIPT);
  writeWithCopies(join(dist, 'index.html'), readFileSync(join(dist, 'index.html')));
  writeFileSync(join(dist, 'assets', 'plain-only.css'), 'body{color:red}');
  ({ app } = await buildTestApp({ upstreamUrl: upstream.url, deps: { distDir: dist } }));
});
afterAll(() => upstream.close());

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (body) => body,
};

describe.each([
  ['/assets/app-abc.js', () => Buffer.from(SCRIPT), 'text/javascript; charset=utf-8', 'Accept-Encoding'],
  // The page's Link header depends on the session cookie.
  ['/', () => readFileSync(join(dist, 'index.html')), 'text/html; charset=utf-8', 'Accept-Encoding, Cookie'],
])('%s in each encoding', (path, original, type, vary) => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    // Chromium's header: Brotli wins.
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['', 'identity'],
    ['identity', 'identity'],
  ])(
    'Accept-Encoding "%s" gets %s that decodes to the same bytes, and a 304 for its ETag',
    async (accept, expected) => {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
      const response = await app.request(path, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('vary')).toBe(vary);
      expect(response.headers.get('content-encoding')).toBe(expected === 'identity' ? null : expected);
      const body = Buffer.from(await response.arrayBuffer());
      expect(decoders[expected]!(body).equals(original())).toBe(true);
      if (expected !== 'identity') expect(body.length).toBeLessThan(original().length);

      const etag = response.headers.get('etag')!;
      const revalidated = await app.request(path, { headers: { ...headers, 'if-none-match': etag } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect(revalidated.headers.get('vary')).toBe(vary);
      expect(await revalidated.text()).toBe('');
    },
  );

  it("gives each encoding its own ETag, so one encoding's tag never revalidates another", async () => {
    const tags = new Map<string, string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      const response = await app.request(path, { headers: { 'accept-encoding': accept } });
      tags.set(accept, response.headers.get('etag')!);
    }
    expect(new Set(tags.values()).size).toBe(3);
    const crossed = await app.request(path, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': tags.get('br')! },
    });
    expect(crossed.status).toBe(200);
    expect(crossed.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('files without compressed copies', () => {
  it('serves the file itself when the build wrote no copy', async () => {
    const response = await app.request('/assets/plain-only.css', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('body{color:red}');
  });
});

describe('acceptedEncodings', () => {
  it('reads q-values and the wildcard, and keeps the server order', () => {
    expect(acceptedEncodings('gzip;q=1.0, br;q=0.5').map((e) => e.name)).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*').map((e) => e.name)).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0, gzip').map((e) => e.name)).toEqual(['gzip']);
    expect(acceptedEncodings('BR').map((e) => e.name)).toEqual(['br']);
    expect(acceptedEncodings('deflate')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});
