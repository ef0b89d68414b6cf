import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createSessionGate } from './session-gate';
import { envelope, json, setup } from '@/testing/api-client-harness';

describe('session expiry', () => {
  const expired = () => envelope(401, 'session_required');

  it('pauses every request that finds the session gone until one sign-in, then resends them', async () => {
    const gate = createSessionGate();
    const states: string[] = [];
    gate.subscribe(() => states.push(gate.getState().status));
    const { client, calls } = setup(
      [
        expired(),
        expired(),
        expired(),
        json(201, { data: { id: 'msg_1' } }),
        json(200, { data: 'a' }),
        json(200, { data: 'b' }),
      ],
      { sessionGate: gate },
    );
    const write = client.request('/api/v1/agent-conversations/conv_1/messages', {
      method: 'POST',
      body: { content: 'Hi' },
      idempotencyKey: 'key-1',
      schema: z.object({ data: z.object({ id: z.string() }) }),
    });
    const readA = client.request('/api/v1/agent-config', { schema: z.object({ data: z.string() }) });
    const readB = client.request('/api/v1/agent-conversations', { schema: z.object({ data: z.string() }) });

    await vi.waitFor(() => expect(calls).toHaveLength(3));
    await vi.waitFor(() => expect(gate.getState().status).toBe('expired'));
    expect(states).toEqual(['expired']);

    gate.signedIn();
    await expect(write).resolves.toEqual({ data: { id: 'msg_1' } });
    await expect(readA).resolves.toEqual({ data: 'a' });
    await expect(readB).resolves.toEqual({ data: 'b' });
    expect(states).toEqual(['expired', 'active']);
    expect(calls).toHaveLength(6);
    const writes = calls.filter((call) => call.init.method === 'POST');
    expect(writes.map((call) => call.headers['Idempotency-Key'])).toEqual(['key-1', 'key-1']);
  });

  it('fails the paused requests with their ApiError when the user signs out instead', async () => {
    const gate = createSessionGate();
    gate.subscribe(() => {});
    const { client } = setup([expired(), expired()], { sessionGate: gate });
    const first = client.request('/api/v1/agent-config').catch((error: unknown) => error);
    const second = client.request('/api/v1/agent-conversations').catch((error: unknown) => error);
    await vi.waitFor(() => expect(gate.getState().status).toBe('expired'));
    gate.cancel();
    expect(await first).toMatchObject({
      status: 401,
      code: 'session_required',
      path: '/api/v1/agent-config',
    });
    expect(await second).toMatchObject({
      status: 401,
      code: 'session_required',
      path: '/api/v1/agent-conversations',
    });
    expect(gate.getState().status).toBe('active');
  });

  it('fails at once when the caller asks to (the initial session check)', async () => {
    const gate = createSessionGate();
    gate.subscribe(() => {});
    const { client } = setup([expired()], { sessionGate: gate });
    await expect(client.request('/bff/session', { onSessionExpired: 'fail' })).rejects.toMatchObject({
      code: 'session_required',
    });
    expect(gate.getState().status).toBe('active');
  });

  it('fails at once when no sign-in dialog is listening', async () => {
    const { client } = setup([expired()]);
    await expect(client.request('/api/v1/agent-config')).rejects.toMatchObject({ code: 'session_required' });
  });

  it('resends without asking again when a sign-in happened while the request was on the wire', async () => {
    const gate = createSessionGate();
    gate.subscribe(() => {});
    const { client, calls } = setup(
      [
        () => {
          gate.signedIn();
          return expired();
        },
        json(200, { ok: true }),
      ],
      { sessionGate: gate },
    );
    await client.request('/api/v1/agent-config');
    expect(calls).toHaveLength(2);
    expect(gate.getState().status).toBe('active');
  });

  it('stops waiting when the caller aborts, leaving the dialog for the others', async () => {
    const gate = createSessionGate();
    gate.subscribe(() => {});
    const controller = new AbortController();
    const { client } = setup([expired()], { sessionGate: gate });
    const request = client
      .request('/api/v1/agent-config', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(gate.getState().status).toBe('expired'));
    controller.abort();
    expect(await request).toMatchObject({ name: 'AbortError' });
  });
});
