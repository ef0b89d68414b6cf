import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import { createApp, type AppConfig, type AppDeps } from '../app.ts';
import { createLogger } from '../log/logger.ts';
import { captureLogs } from './logged-lines.ts';
import { staticKeyProvider, type KeyProvider } from '../store-api/key-provider.ts';
import { createUpstreamClient } from '../store-api/upstream-client.ts';
import { createDemoDirectory } from '../users/demo-users.ts';
import type { ScryptParams } from '../users/password.ts';

/** Cheap scrypt parameters for tests; the real (OWASP) ones are exercised once in password.test.ts. */
export const TEST_SCRYPT: ScryptParams = { ln: 4, r: 8, p: 1 };
export const TEST_KEY = 'sk_test_demo_owner';
export const PUBLIC_ORIGIN = 'http://127.0.0.1:8080';

/** A clock the test moves by hand. */
export function manualClock(start = Date.parse('2026-11-01T10:00:00Z')) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

export function tempDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bff-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

export interface TestAppOptions {
  upstreamUrl: string;
  keys?: KeyProvider;
  now?: () => number;
  config?: Partial<AppConfig>;
  upstreamTimeoutMs?: number;
  deps?: Partial<AppDeps>;
}

export async function buildTestApp(options: TestAppOptions) {
  const logs = captureLogs();
  const upstream = createUpstreamClient({
    baseUrl: options.upstreamUrl,
    timeoutMs: options.upstreamTimeoutMs ?? 2000,
  });
  const config: AppConfig = {
    publicOrigin: PUBLIC_ORIGIN,
    secure: false,
    sessionIdleMs: 30 * 60_000,
    sessionAbsoluteMs: 12 * 3_600_000,
    ...options.config,
  };
  const app = createApp(config, {
    logger: createLogger('info', logs),
    upstream,
    keys: options.keys ?? staticKeyProvider(TEST_KEY),
    directory: await createDemoDirectory(TEST_SCRYPT),
    sessionSecret: 'test-secret-test-secret-test-secret',
    distDir: tempDist(),
    passwordParams: TEST_SCRYPT,
    ...(options.now ? { now: options.now } : {}),
    ...options.deps,
  });
  // Requests as a browser on the public origin sends them (Host = its host), so the Host check passes;
  // a test that wants another Host passes an absolute URL or a Host header.
  const request = app.request.bind(app);
  app.request = (input, ...rest) =>
    request(
      typeof input === 'string' && input.startsWith('/') ? `${config.publicOrigin}${input}` : input,
      ...rest,
    );
  return { app, logs: logs.lines, upstream, config };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

export const READ_HEADERS = { 'x-csrf': '1' };
export const WRITE_HEADERS = {
  'x-csrf': '1',
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
};

/** Signs in through the real endpoint and returns the Cookie header value to send back. */
export async function signIn(
  app: TestApp,
  email: string = DEMO_ACCOUNTS.owner.email,
  password: string = DEMO_ACCOUNTS.owner.password,
): Promise<string> {
  const response = await app.request('/bff/login', {
    method: 'POST',
    headers: WRITE_HEADERS,
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0]!;
}

/** The demo accounts' passwords by email (the accounts are defined in src/schemas/demo-accounts.ts). */
export const PASSWORDS: Record<string, string> = Object.fromEntries(
  Object.values(DEMO_ACCOUNTS).map(({ email, password }) => [email, password]),
);

/** Signs in as one of the demo accounts, by email. */
export const signInAs = (app: TestApp, email: string = DEMO_ACCOUNTS.staff.email) =>
  signIn(app, email, PASSWORDS[email]);

/** A request to the BFF as a signed-in dashboard sends it (a JSON body as JSON, a string or Blob as is). */
export type BffSend = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Response>;

export const bffSender =
  (app: TestApp, cookie: string): BffSend =>
  async (method, path, body, headers = {}) =>
    app.request(path, {
      method,
      headers: { ...(method === 'GET' ? READ_HEADERS : WRITE_HEADERS), cookie, ...headers },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' || body instanceof Blob ? body : JSON.stringify(body) }),
    });

/** The error envelope of a refusal. */
export const errorOf = async (response: Response) =>
  (
    (await response.json()) as {
      error: { code: string; message: string; field?: string; reason?: string; resource?: string };
    }
  ).error;
