// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentConfigSchema } from '../src/schemas/agent-config.ts';
import { createSimulatorHandlers } from './handlers.ts';
import { createSimulator } from './simulator.ts';

// How component tests use the simulator: the SPA's same-origin calls, no BFF, no key in the browser.
const simulator = createSimulator();
const server = setupServer(...createSimulatorHandlers({ simulator, impersonateKey: 'sk_test_demo_owner' }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the handlers in jsdom', () => {
  it('answer relative /api/v1 calls with the impersonated key', async () => {
    const answer = await fetch('/api/v1/agent-config', { headers: { 'X-CSRF': '1' } });
    expect(answer.status).toBe(200);
    expect(agentConfigSchema.parse(((await answer.json()) as { data: unknown }).data).updated_at).toBeNull();
  });

  it('apply writes and serve the control plane', async () => {
    const reply = await fetch('/api/v1/agent-knowledge-sources', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ kind: 'faq', title: 'Hours', text: 'Q: Open on Sunday?\nA: Yes, 10 to 4.' }),
    });
    expect(reply.status).toBe(201);
    expect((await fetch('/__sim/reset', { method: 'POST' })).status).toBe(204);
  });
});
