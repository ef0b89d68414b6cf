import { describe, expect, it } from 'vitest';
import { REQUEST_LOG_LIMIT, RequestLog } from './core/request-log.ts';
import { OWNER } from './testing/sim-client.ts';
import { simulatorServerPer } from './testing/simulator-server-per.ts';

const server = simulatorServerPer('test');

const auth = { Authorization: `Bearer ${OWNER}` };
interface Logged {
  method: string;
  path: string;
  query: string;
  status: number;
  at: string;
}

async function logged(): Promise<Logged[]> {
  const response = await fetch(`${server.url}/__sim/requests`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Logged[] }).data;
}

describe('the simulator request log (GET /__sim/requests)', () => {
  it('lists the Commerce API requests it answered, oldest first, never the control plane', async () => {
    await fetch(`${server.url}/api/v1/agent-conversations?limit=2&updated_after=2026-01-01T00%3A00%3A00Z`, {
      headers: auth,
    });
    await fetch(`${server.url}/__sim/shopper-messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'Hello?' }),
    });
    await fetch(`${server.url}/api/v1/agent-config`);
    const entries = await logged();
    expect(entries.map(({ method, path, query, status }) => ({ method, path, query, status }))).toEqual([
      {
        method: 'GET',
        path: '/api/v1/agent-conversations',
        query: 'limit=2&updated_after=2026-01-01T00%3A00%3A00Z',
        status: 200,
      },
      { method: 'GET', path: '/api/v1/agent-config', query: '', status: 401 },
    ]);
    for (const entry of entries) expect(new Date(entry.at).toISOString()).toBe(entry.at);
  });

  it('is cleared by DELETE /__sim/requests and by a reset', async () => {
    await fetch(`${server.url}/api/v1/agent-config`, { headers: auth });
    expect(await logged()).toHaveLength(1);
    expect((await fetch(`${server.url}/__sim/requests`, { method: 'DELETE' })).status).toBe(204);
    expect(await logged()).toEqual([]);
    await fetch(`${server.url}/api/v1/agent-config`, { headers: auth });
    expect((await fetch(`${server.url}/__sim/reset`, { method: 'POST' })).status).toBe(204);
    expect(await logged()).toEqual([]);
  });
});

describe('RequestLog', () => {
  it('keeps only the most recent entries', () => {
    const log = new RequestLog();
    for (let i = 0; i < REQUEST_LOG_LIMIT + 1500; i += 1)
      log.record('GET', `/api/v1/agent-config?n=${i}`, 200, new Date());
    const entries = log.list();
    expect(entries).toHaveLength(REQUEST_LOG_LIMIT);
    expect(entries[0]?.query).toBe('n=1500');
    expect(entries.at(-1)?.query).toBe(`n=${REQUEST_LOG_LIMIT + 1499}`);
  });
});
