import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../mocks/http-server.ts';
import { errorEnvelopeSchema } from '../schemas/error.ts';
import { fileKeyProvider, staticKeyProvider } from './store-api/key-provider.ts';
import { buildTestApp, READ_HEADERS, signIn, WRITE_HEADERS, type TestApp } from './testing/test-app.ts';
import { capturedLogger } from './testing/logged-lines.ts';

/** The BFF in front of the real simulator (mocks/), where the upstream's own rules matter. */
let simulator: SimulatorServer;
let app: TestApp;
let logs: string[];
let owner: string;
let staff: string;

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${simulator.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  ({ app, logs } = await buildTestApp({ upstreamUrl: simulator.url }));
  owner = await signIn(app);
  staff = await signIn(app, 'staff@example.com', 'staff-demo-pass');
});
afterAll(() => simulator.close());
beforeEach(async () => {
  expect((await control('POST', '/__sim/reset')).status).toBe(204);
});

async function firstConversationId(): Promise<string> {
  const list = await app.request('/api/v1/agent-conversations?limit=1', {
    headers: { ...READ_HEADERS, cookie: owner },
  });
  expect(list.status).toBe(200);
  const body = (await list.json()) as { data: { id: string }[] };
  return body.data[0]!.id;
}

describe('against the simulator', () => {
  it('lists conversations through the BFF, with the rate-limit headers passed back', async () => {
    const response = await app.request('/api/v1/agent-conversations?status=active&limit=5', {
      headers: { ...READ_HEADERS, cookie: staff },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    const body = (await response.json()) as { data: unknown[]; page: { has_more: boolean } };
    expect(body.data).toHaveLength(5);
  });

  it('returns the same bytes when an idempotent write is replayed through the BFF', async () => {
    const id = await firstConversationId();
    const send = () =>
      app.request(`/api/v1/agent-conversations/${id}/messages`, {
        method: 'POST',
        headers: { ...WRITE_HEADERS, cookie: staff, 'idempotency-key': 'replay-test-1' },
        body: JSON.stringify({ content: 'We are on it!', author_user_id: 'usr_staff1' }),
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())];
    expect(b.equals(a)).toBe(true);
    const messages = await app.request(`/api/v1/agent-conversations/${id}/messages?limit=100`, {
      headers: { ...READ_HEADERS, cookie: staff },
    });
    const list = (await messages.json()) as { data: { content: string }[] };
    expect(list.data.filter((m) => m.content === 'We are on it!')).toHaveLength(1);
  });

  it('forwards a staff reply, but refuses staff saving the agent config', async () => {
    const id = await firstConversationId();
    const reply = await app.request(`/api/v1/agent-conversations/${id}/messages`, {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: staff, 'idempotency-key': 'staff-reply-1' },
      body: JSON.stringify({ content: 'Hello from staff' }),
    });
    expect(reply.status).toBe(201);
    const config = await app.request('/api/v1/agent-config', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staff, 'idempotency-key': 'staff-config-1' },
      body: '{}',
    });
    expect(config.status).toBe(403);
    expect(errorEnvelopeSchema.parse(await config.json()).error.code).toBe('role_forbidden');
  });

  it('lets invalid UTF-8 reach the upstream, which answers invalid_text', async () => {
    const id = await firstConversationId();
    const response = await app.request(`/api/v1/agent-conversations/${id}/messages`, {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: owner, 'idempotency-key': 'bad-utf8-1' },
      body: Buffer.concat([Buffer.from('{"content":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
    });
    expect(response.status).toBe(400);
    expect(errorEnvelopeSchema.parse(await response.json()).error.code).toBe('invalid_text');
  });

  it('passes upstream refusals through unchanged (404 of an unknown conversation)', async () => {
    const response = await app.request('/api/v1/agent-conversations/conv_does_not_exist', {
      headers: { ...READ_HEADERS, cookie: owner },
    });
    expect(response.status).toBe(404);
    expect(errorEnvelopeSchema.parse(await response.json()).error.resource).toBe('agent_conversation');
  });

  it('maps an expired store key to 502 upstream_unauthorized and reports not ready', async () => {
    const expired = await buildTestApp({
      upstreamUrl: simulator.url,
      keys: staticKeyProvider('sk_test_demo_expired'),
    });
    const cookie = await signIn(expired.app);
    const response = await expired.app.request('/api/v1/agent-config', {
      headers: { ...READ_HEADERS, cookie },
    });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(errorEnvelopeSchema.parse(JSON.parse(text)).error.code).toBe('upstream_unauthorized');
    expect(text).not.toContain('sk_test_demo_expired');
    const ready = await expired.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(expired.logs.join('\n')).not.toContain('sk_test_demo_expired');
    expect((await app.request('/readyz')).status).toBe(200);
  });

  it('never exposes the control plane', async () => {
    const response = await app.request('/api/v1/..%2F..%2F__sim/reset', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: owner },
    });
    expect(response.status).toBe(404);
  });

  it('follows a key roll from the key file without a restart', async () => {
    const rolled = (await (
      await control('POST', '/__sim/keys/sk_test_demo_owner/roll', { grace_s: 0 })
    ).json()) as {
      data: { secret: string };
    };
    const path = join(mkdtempSync(join(tmpdir(), 'bff-roll-')), 'key');
    writeFileSync(path, 'sk_test_demo_owner\n');
    const keys = fileKeyProvider(path, capturedLogger());
    const rolling = await buildTestApp({ upstreamUrl: simulator.url, keys });
    const cookie = await signIn(rolling.app);
    const before = await rolling.app.request('/api/v1/agent-config', {
      headers: { ...READ_HEADERS, cookie },
    });
    expect(before.status).toBe(502); // the old secret is refused once the grace window is over
    writeFileSync(path, `${rolled.data.secret}\n`);
    await keys.reload();
    const after = await rolling.app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } });
    expect(after.status).toBe(200);
  });

  it('never logs the key, cookies or message bodies', () => {
    const all = logs.join('\n');
    expect(all).not.toContain('sk_test_demo_owner');
    expect(all).not.toContain(owner.split('=')[1]);
    expect(all).not.toContain('We are on it!');
    expect(all).not.toContain('staff-demo-pass');
  });
});
