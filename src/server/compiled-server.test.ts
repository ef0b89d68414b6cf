import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, DEMO_SIMULATOR_ENTRY, SERVER_ENTRY } from './build-server.ts';
import { projectRoot } from './config/paths.ts';
import { startFakeUpstream, type FakeUpstream } from './testing/fake-upstream.ts';
import { tempDist, TEST_SCRYPT } from './testing/test-app.ts';
import { hashPassword } from './users/password.ts';

/**
 * `npm start` runs the BFF compiled to JavaScript with plain node, and a real-mode
 * process never loads the simulator (mocks/), msw or tsx. A module-loader hook records every module the
 * child process loads; demo mode is the control (it must load them, or the check proves nothing).
 */
const ROOT = projectRoot();
const work = mkdtempSync(join(tmpdir(), 'bff-compiled-'));
// Inside the project, so the compiled files resolve node_modules as dist-server/ does.
const outDir = join(ROOT, '.tmp', `dist-server-test-${process.pid}`);
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  await buildServer(ROOT, outDir);
  writeFileSync(
    join(work, 'hooks.mjs'),
    "import { appendFileSync } from 'node:fs';\n" +
      'export async function load(url, context, next) {\n' +
      '  appendFileSync(process.env.LOADED_MODULES_LOG, url + "\\n");\n' +
      '  return next(url, context);\n' +
      '}\n',
  );
  writeFileSync(
    join(work, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${join(work, 'hooks.mjs')}`)});\n`,
  );
}, 60_000);
afterAll(async () => {
  await upstream.close();
  rmSync(outDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
  loaded: () => string[];
}

async function startCompiled(name: string, env: Record<string, string>): Promise<Started> {
  const log = join(work, `${name}-modules.log`);
  writeFileSync(log, '');
  const child = spawn(
    process.execPath,
    ['--import', join(work, 'register.mjs'), join(outDir, SERVER_ENTRY)],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        MOCK_API_PORT: '0',
        LOG_LEVEL: 'info',
        DIST_DIR: tempDist(),
        // Real mode keeps its embedded database in a data directory: a throwaway one per process here.
        DATA_DIR: mkdtempSync(join(work, `${name}-data-`)),
        LOADED_MODULES_LOG: log,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    const check = setInterval(() => {
      const match = /Dashboard: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(check);
        resolve(match[1]!);
      }
    }, 25);
  });
  return {
    child,
    output: () => output,
    url,
    loaded: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}

async function stop(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  await exited;
}

/**
 * Polls /readyz until it answers 200 (the test's own timeout bounds the wait). A reset connection counts as
 * not ready, as a load balancer counts it: while the embedded database is first created the process can
 * be too busy to answer, and a kept-alive connection it closed meanwhile fails the next request.
 */
async function readyAt(url: string): Promise<void> {
  const ready = () =>
    fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
  while (!(await ready())) await new Promise((resolve) => setTimeout(resolve, 100));
}

const isSimulatorOrLoader = (url: string) =>
  url.includes('/mocks/') || url.includes('/node_modules/msw/') || url.includes('/node_modules/tsx/');

describe('the compiled server', () => {
  it('runs real mode with plain node and never loads mocks/, msw or tsx', async () => {
    const keyFile = join(work, 'key');
    writeFileSync(keyFile, 'sk_test_compiled_key_file');
    chmodSync(keyFile, 0o644);
    const usersFile = join(work, 'users.json');
    const hash = await hashPassword('ana-pass', TEST_SCRYPT);
    writeFileSync(
      usersFile,
      JSON.stringify({
        users: [
          {
            email: 'ana@example.com',
            name: 'Ana',
            role: 'owner',
            store_user_id: 'usr_ana',
            password_hash: hash,
          },
        ],
      }),
    );
    const real = await startCompiled('real', {
      COMMERCE_API_BASE_URL: upstream.url,
      COMMERCE_API_KEY_FILE: keyFile,
      SESSION_SECRET: 'compiled-test-secret-compiled-test-secret',
      DASHBOARD_USERS_FILE: usersFile,
    });
    try {
      // Sent once the server says it is ready, as a load balancer would: on a busy machine opening the
      // embedded database can outlast the time a sign-in waits for the people.
      await readyAt(real.url);
      const login = await fetch(`${real.url}/bff/login`, {
        method: 'POST',
        headers: { 'x-csrf': '1', origin: real.url, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@example.com', password: 'ana-pass' }),
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const config = await fetch(`${real.url}/api/v1/agent-config`, { headers: { 'x-csrf': '1', cookie } });
      expect(config.status).toBe(200);
      expect(upstream.requests.at(-1)!.headers.authorization).toBe('Bearer sk_test_compiled_key_file');

      const loaded = real.loaded();
      expect(loaded.some((url) => url.endsWith(`/${SERVER_ENTRY}`))).toBe(true);
      expect(loaded.filter(isSimulatorOrLoader)).toEqual([]);
      expect(loaded.filter((url) => url.endsWith('.ts'))).toEqual([]);
      // A key file others can read is worth a warning at start.
      expect(real.output()).toContain('"event":"config.key_file_exposed"');
    } finally {
      await stop(real);
    }
  }, 60_000);

  it('loads the simulator (and msw) in demo mode only, from its own compiled file', async () => {
    const demo = await startCompiled('demo', {});
    try {
      expect((await fetch(`${demo.url}/healthz`)).status).toBe(200);
      const loaded = demo.loaded();
      expect(loaded.some((url) => url.endsWith(`/${DEMO_SIMULATOR_ENTRY}`))).toBe(true);
      expect(loaded.some((url) => url.includes('/node_modules/msw/'))).toBe(true);
      expect(loaded.some((url) => url.includes('/node_modules/tsx/'))).toBe(false);
    } finally {
      await stop(demo);
    }
  }, 60_000);
});
