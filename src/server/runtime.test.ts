import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/config.ts';
import { createLogger } from './log/logger.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import { tempDist, TEST_SCRYPT } from './testing/test-app.ts';
import { captureLogs } from './testing/logged-lines.ts';

/** The whole BFF on a real socket in demo mode (simulator in-process), as `npm start` runs it. */
let runtime: Runtime;
const logs = captureLogs();

beforeAll(async () => {
  const config = loadConfig({ PORT: '0', MOCK_API_PORT: '0', LOG_LEVEL: 'info' });
  runtime = await startRuntime(config, {
    logger: createLogger('info', logs),
    distDir: tempDist(),
    passwordParams: TEST_SCRYPT,
  });
});
afterAll(() => runtime.close());

/**
 * node:http sends the request target exactly as given (fetch would normalise dot segments first). A new
 * connection each time: a kept-alive one idle past the server's keep-alive timeout (a slow database
 * opening in between) can be reset by the server just as it is reused.
 */
function raw(method: string, target: string, headers: Record<string, string>, body?: string) {
  const url = new URL(runtime.listenUrl);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, method, path: target, headers, agent: false },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function signIn(): Promise<string> {
  const response = await raw(
    'POST',
    '/bff/login',
    { 'x-csrf': '1', origin: runtime.url, 'content-type': 'application/json' },
    JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-pass' }),
  );
  expect(response.status).toBe(200);
  return String(response.headers['set-cookie']).split(';')[0]!;
}

describe('the BFF on a real socket (demo mode)', () => {
  // First in the file, right after the runtime starts: the embedded database is still opening then.
  it('answers /healthz at once, and /readyz once the embedded database is open', async () => {
    expect((await raw('GET', '/healthz', {})).status).toBe(200);
    const starting = await raw('GET', '/readyz', {});
    expect(starting.status).toBe(503);
    expect((JSON.parse(starting.body) as { reason: string }).reason).toMatch(/^database_starting/);
    await runtime.opened;
    const ready = await raw('GET', '/readyz', {});
    expect(ready.status).toBe(200);
    expect(ready.body).not.toContain('sk_test_demo_owner');
  }, 30_000);

  it('signs in with the demo account and reads the agent config from the simulator', async () => {
    const cookie = await signIn();
    const config = await raw('GET', '/api/v1/agent-config', { 'x-csrf': '1', cookie });
    expect(config.status).toBe(200);
    expect(JSON.parse(config.body)).toMatchObject({ data: { updated_at: null } });
  });

  it.each([
    '/api/v1/agent-conversations/../agent-config',
    '/api/v1/agent-conversations/x/../../agent-config',
    '/api/v1/agent-conversations/%2e%2e/agent-config',
    '/api/v1/agent-conversations/.%2E/agent-config',
    '/api/v1/agent-conversations/./messages',
    '/x/../api/v1/agent-config',
    '/api/v1/../v1/agent-config',
  ])('refuses the dot-segment target %s with 404 before any normalisation', async (target) => {
    const cookie = await signIn();
    const response = await raw('GET', target, { 'x-csrf': '1', cookie });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses a streamed 2 MB body with 413', async () => {
    const cookie = await signIn();
    const url = new URL(runtime.listenUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/v1/agent-knowledge-sources',
          headers: {
            'x-csrf': '1',
            origin: runtime.url,
            cookie,
            'content-type': 'application/json',
            'idempotency-key': 'big',
          },
        },
        (incoming) => {
          incoming.resume();
          resolve(incoming.statusCode ?? 0);
        },
      );
      outgoing.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 2 * 1024 * 1024) {
          sent += chunk.length;
          if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
        }
        outgoing.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });

  it('logs one JSON line per request, without the key or the session cookie', async () => {
    const cookie = await signIn();
    await raw('GET', '/api/v1/agent-conversations/conv_x', { 'x-csrf': '1', cookie });
    const lines = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      lines.some((line) => line.route === '/api/v1/agent-conversations/{id}' && line.user_id === 'usr_owner'),
    ).toBe(true);
    const all = logs.lines.join('\n');
    expect(all).not.toContain('sk_test_demo_owner');
    expect(all).not.toContain(cookie.split('=')[1]);
  });
});
