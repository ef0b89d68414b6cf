import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../src/schemas/error.ts';
import { OWNER } from './testing/sim-client.ts';
import { simulatorServerPer } from './testing/simulator-server-per.ts';

const server = simulatorServerPer('test');

const auth = { Authorization: `Bearer ${OWNER}` };

async function errorCode(response: Response) {
  return errorEnvelopeSchema.parse(await response.json()).error.code;
}

async function firstConversationId() {
  const response = await fetch(`${server.url}/api/v1/agent-conversations?limit=1`, { headers: auth });
  const body = (await response.json()) as { data: { id: string }[] };
  return body.data[0]?.id ?? '';
}

/** Sends raw bytes and returns the raw answer (for requests fetch would not send). */
function rawExchange(bytes: string): Promise<string> {
  const { port, hostname } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the HTTP server', () => {
  it('listens on the real port when given port 0 and serves the handlers', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    const answer = await fetch(`${server.url}/api/v1/agent-config`, { headers: auth });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-remaining')).not.toBeNull();
    expect((await fetch(`${server.url}/api/v1/agent-config`)).status).toBe(401);
  });

  it('answers malformed JSON in the envelope', async () => {
    const id = await firstConversationId();
    const answer = await fetch(`${server.url}/api/v1/agent-conversations/${id}/messages`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' },
      body: '{"content": ',
    });
    expect(answer.status).toBe(400);
    expect(await errorCode(answer)).toBe('invalid_body');
  });

  it('answers a 5 MB body with 413 and keeps serving', async () => {
    const answer = await fetch(`${server.url}/api/v1/agent-knowledge-sources`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': 'big' },
      body: JSON.stringify({ kind: 'doc', title: 'Big', text: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(await errorCode(answer)).toBe('payload_too_large');
    const retry = await fetch(`${server.url}/api/v1/agent-knowledge-sources`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': 'big' },
      body: JSON.stringify({ kind: 'doc', title: 'Small', text: 'A few real words.' }),
    });
    expect(retry.status).toBe(201);
  });

  it.each(['/api/v1/agent-conversations/%FF', '/api/v1/%FF', '/__sim/%FF', '/api/v1/agent-config?x=%00'])(
    'answers %s with 400 invalid_text',
    async (path) => {
      const answer = await fetch(`${server.url}${path}`, { headers: auth });
      expect(answer.status).toBe(400);
      expect(await errorCode(answer)).toBe('invalid_text');
    },
  );

  it('answers every path with the envelope, even outside /api/', async () => {
    const answer = await fetch(`${server.url}/index.html`);
    expect(answer.status).toBe(404);
    expect(await errorCode(answer)).toBe('not_found');
  });

  it('answers a request Node cannot parse with 400 in the envelope', async () => {
    const answer = await rawExchange('GET /api/v1/agent-config\u00ff HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
    expect(
      errorEnvelopeSchema.safeParse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).success,
    ).toBe(true);
  });

  it('answers 200 concurrent requests without crashing', async () => {
    const id = await firstConversationId();
    const requests = Array.from({ length: 200 }, (_, i) => {
      if (i % 4 === 0) return fetch(`${server.url}/api/v1/agent-conversations?limit=5`, { headers: auth });
      if (i % 4 === 1) {
        return fetch(`${server.url}/api/v1/agent-conversations/${id}/messages`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': `c-${i}` },
          body: JSON.stringify({ content: `Reply ${i}` }),
        });
      }
      if (i % 4 === 2)
        return fetch(`${server.url}/api/v1/agent-config`, { method: 'PUT', headers: auth, body: '{' });
      return fetch(`${server.url}/api/v1/nope/%FF`, { headers: auth });
    });
    const answers = await Promise.all(requests);
    const statuses = answers.map((answer) => answer.status);
    expect(new Set(statuses)).toEqual(new Set([200, 201, 400]));
    for (const answer of answers.filter((a) => a.status >= 400)) {
      expect(errorEnvelopeSchema.safeParse(await answer.json()).success).toBe(true);
    }
    expect((await fetch(`${server.url}/api/v1/agent-config`, { headers: auth })).status).toBe(200);
  });

  it('drops the connection after applying the write for drop "after"; the retry replays it', async () => {
    const id = await firstConversationId();
    const messages = `${server.url}/api/v1/agent-conversations/${id}/messages`;
    const count = async () =>
      ((await (await fetch(`${messages}?limit=100`, { headers: auth })).json()) as { data: unknown[] }).data
        .length;
    const before = await count();
    await fetch(`${server.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        method: 'POST',
        path: `/api/v1/agent-conversations/${id}/messages`,
        times: 1,
        drop: 'after',
      }),
    });
    const post = () =>
      fetch(messages, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': 'once' },
        body: JSON.stringify({ content: 'Exactly once' }),
      });
    await expect(post()).rejects.toThrow();
    expect(await count()).toBe(before + 1);
    const retry = await post();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await count()).toBe(before + 1);
  });

  it('holds a delayed write so that an identical one gets 409 idempotency_key_in_progress', async () => {
    await fetch(`${server.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'PUT', path: '/api/v1/agent-config', times: 1, delay_ms: 200 }),
    });
    const body = JSON.stringify({
      expected_updated_at: null,
      enabled: true,
      agent_name: 'Fern',
      greeting: '',
      persona_instructions: '',
      follow_up_questions: true,
      objection_handling: true,
      handoff_message: '',
      skill_product_discovery: true,
      skill_add_to_cart: true,
      skill_order_status: true,
      suggested_prompts: [],
    });
    const put = () =>
      fetch(`${server.url}/api/v1/agent-config`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': 'slow-config' },
        body,
      });
    const slow = put();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await put();
    expect(second.status).toBe(409);
    expect(await errorCode(second)).toBe('idempotency_key_in_progress');
    expect((await slow).status).toBe(200);
  });

  it('limits per socket address and ignores X-Forwarded-For', async () => {
    await fetch(`${server.url}/__sim/rate-limits`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ limit: 100, window_s: 60, per_address: { limit: 2, window_s: 60 } }),
    });
    const statuses: number[] = [];
    for (const forwarded of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      const answer = await fetch(`${server.url}/api/v1/agent-config`, {
        headers: { ...auth, 'X-Forwarded-For': forwarded },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('Host check (DNS rebinding of the control plane)', () => {
  it('refuses a request whose Host is not its loopback address, control plane included', async () => {
    const { port } = new URL(server.url);
    const rebound = await rawExchange(
      `POST /__sim/reset HTTP/1.1\r\nHost: rebind.attacker.example:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(rebound).toMatch(/^HTTP\/1.1 421 /);
    expect(rebound).toContain('host_not_allowed');
    const ownName = await rawExchange(
      `POST /__sim/reset HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(ownName).toMatch(/^HTTP\/1.1 204 /);
  });
});

describe('npm run mock-api', () => {
  it('prints its address, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/server.ts'], {
      env: { ...process.env, MOCK_API_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
      });
      child.on('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const match = /^Commerce API simulator listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
    expect(match).not.toBeNull();
    expect((await fetch(`${match?.[1]}/api/v1/agent-config`, { headers: auth })).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
