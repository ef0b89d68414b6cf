import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { serveOnSocket } from '../testing/raw-http.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';

let upstream: FakeUpstream;
let app: TestApp;
let logs: string[];
beforeAll(async () => {
  upstream = await startFakeUpstream();
  ({ app, logs } = await buildTestApp({ upstreamUrl: upstream.url }));
});
afterAll(() => upstream.close());

/** Sends the head and part of the declared body, then cuts the connection. */
function abortedUpload(port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-CSRF: 1\r\nSec-Fetch-Site: same-origin\r\n` +
          'Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":"a@b.c","pass',
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 50);
    });
    socket.on('error', reject);
  });
}

async function requestLine(): Promise<{ level: string; status: number }> {
  for (let i = 0; i < 100; i += 1) {
    const line = logs.find((entry) => entry.includes('"msg":"request"'));
    if (line) return JSON.parse(line) as { level: string; status: number };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no request line was logged');
}

describe('an aborted upload', () => {
  it('is not a 500 and logs no error: an info line says the client aborted', async () => {
    const served = await serveOnSocket(app);
    try {
      logs.length = 0;
      await abortedUpload(served.port, '/bff/login');
      const line = await requestLine();
      expect(line.status).not.toBe(500);
      expect(line.level).toBe('info');
      const levels = logs.map((entry) => (JSON.parse(entry) as { level: string }).level);
      expect(levels).not.toContain('error');
      expect(logs.some((entry) => entry.includes('request aborted by the client'))).toBe(true);
      expect(logs.join('\n')).not.toContain('unhandled error');
    } finally {
      await served.close();
    }
  });
});
