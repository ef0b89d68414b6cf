import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import { errorEnvelopeSchema } from '../../schemas/error.ts';
import { jsonHandler, startFakeUpstream, type FakeUpstream } from './fake-upstream.ts';
import { buildTestApp, READ_HEADERS, signIn, type TestApp } from './test-app.ts';

/**
 * For the /api proxy's Vitest files: one app on a fake upstream (300 ms timeout) with an owner and a staff
 * session, the upstream's requests cleared and its answer reset to `200 {data: {ok: true}}` before each test.
 * Read the fields inside tests and hooks.
 */
export function proxyFixture() {
  let state: {
    upstream: FakeUpstream;
    app: TestApp;
    logs: string[];
    ownerCookie: string;
    staffCookie: string;
  };
  beforeAll(async () => {
    const upstream = await startFakeUpstream();
    const { app, logs } = await buildTestApp({ upstreamUrl: upstream.url, upstreamTimeoutMs: 300 });
    state = {
      upstream,
      app,
      logs,
      ownerCookie: await signIn(app),
      staffCookie: await signIn(app, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password),
    };
  });
  afterAll(() => state?.upstream.close());
  beforeEach(() => {
    state.upstream.requests.length = 0;
    state.upstream.setHandler(jsonHandler(200, { data: { ok: true } }));
  });
  return {
    get upstream() {
      return state.upstream;
    },
    get app() {
      return state.app;
    },
    get logs() {
      return state.logs;
    },
    get ownerCookie() {
      return state.ownerCookie;
    },
    get staffCookie() {
      return state.staffCookie;
    },
    /** A read as the owner's dashboard sends it. */
    get: (path: string, headers: Record<string, string> = {}) =>
      state.app.request(path, { headers: { ...READ_HEADERS, cookie: state.ownerCookie, ...headers } }),
  };
}

export async function errorCode(response: Response): Promise<string> {
  return errorEnvelopeSchema.parse(await response.json()).error.code;
}
