import { screen } from '@testing-library/react';
import { http } from 'msw';
import { expect } from 'vitest';
import { createSimulatorHandlers } from '../../mocks/handlers';
import { createSimulator } from '../../mocks/simulator';
import { saveConfigDraft } from '@/features/config/config-draft';
import { editableConfig } from '@/features/config/merge-config';
import { AGENT_CONFIG_DEFAULTS, type AgentConfig } from '@/schemas/agent-config';
import { renderWithApp, type RenderWithAppOptions } from './render-with-app';

/** The assistant screen's component tests (assistant-page*.test.tsx): the app at /assistant and its helpers. */

export type SentPut = { key: string | null; body: Record<string, unknown> };

/** The app at /assistant over an in-process simulator, recording every PUT the screen sends. */
export function renderAssistant(
  options: Omit<RenderWithAppOptions, 'route' | 'handlers'> & { key?: string } = {},
) {
  const { key = 'sk_test_demo_owner', ...rest } = options;
  const simulator = createSimulator();
  const puts: SentPut[] = [];
  const recordPut = http.put('/api/v1/agent-config', async ({ request }) => {
    if (request.headers.has('x-test-elsewhere')) return undefined;
    puts.push({
      key: request.headers.get('idempotency-key'),
      body: (await request.clone().json()) as Record<string, unknown>,
    });
    return undefined; // On to the simulator.
  });
  const app = renderWithApp({
    route: '/assistant',
    handlers: [recordPut, ...createSimulatorHandlers({ impersonateKey: key, simulator })],
    ...rest,
  });
  return { ...app, simulator, puts };
}

export async function storedConfig(): Promise<AgentConfig> {
  const response = await fetch('/api/v1/agent-config', { headers: { 'X-CSRF': '1' } });
  return ((await response.json()) as { data: AgentConfig }).data;
}

/** Another owner (another tab) saves changes through the API, as the screen would. */
export async function saveElsewhere(changes: Partial<AgentConfig>): Promise<AgentConfig> {
  const current = await storedConfig();
  const response = await fetch('/api/v1/agent-config', {
    method: 'PUT',
    headers: {
      'X-CSRF': '1',
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
      'X-Test-Elsewhere': '1',
    },
    body: JSON.stringify({ ...editableConfig(current), ...changes, expected_updated_at: current.updated_at }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: AgentConfig }).data;
}

/** The owner left an unsaved edit of a never-saved config in this browser. */
export function leaveDraft(changes: Partial<AgentConfig>) {
  const base = editableConfig(AGENT_CONFIG_DEFAULTS);
  saveConfigDraft('usr_owner', {
    base,
    baseUpdatedAt: null,
    values: { ...base, ...changes },
    savedAt: new Date().toISOString(),
  });
}

/** Puts text in a field as a paste (one change), where typing key by key is not what is tested. */
export async function fill(user: ReturnType<typeof renderWithApp>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

export async function findForm() {
  return screen.findByRole('form', { name: 'Assistant settings' });
}
