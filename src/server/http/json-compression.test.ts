import { Hono } from 'hono';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { JSON_COMPRESSION_THRESHOLD, jsonCompression } from './json-compression.ts';

const big = { data: Array.from({ length: 100 }, (_, i) => ({ id: `conv_${i}`, status: 'active' })) };
const small = { data: { ok: true } };

function testApp() {
  const app = new Hono<AppEnv>();
  app.use('*', jsonCompression());
  app.get('/big', (c) => c.json(big));
  app.get('/small', (c) => c.json(small));
  app.get('/events', () => {
    // A stream that stays open: the middleware must hand it on without waiting for its end.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(': heartbeat\n\n'));
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
  });
  return app;
}

describe('JSON compression on the fly', () => {
  it.each([
    ['br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => gunzipSync(body)],
  ])('compresses a large JSON answer with %s, decoding to the same JSON', async (encoding, decode) => {
    const response = await testApp().request('/big', { headers: { 'accept-encoding': encoding } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect(JSON.stringify(big).length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD);
    expect(body.length).toBeLessThan(JSON.stringify(big).length);
    expect(JSON.parse(decode(body).toString('utf8'))).toEqual(big);
  });

  it('leaves a small answer, or a client that accepts no encoding, uncompressed', async () => {
    const app = testApp();
    const smallAnswer = await app.request('/small', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(smallAnswer.headers.get('content-encoding')).toBeNull();
    expect(await smallAnswer.json()).toEqual(small);
    const plain = await app.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual(big);
  });

  it('passes an event stream through as a stream, uncompressed', async () => {
    const response = await testApp().request('/events', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(': heartbeat\n\n');
    await reader.cancel();
  });
});
