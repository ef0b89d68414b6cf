import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSimulatorServer } from '../mocks/http-server.ts';
import { freePort } from '../src/server/testing/test-redis.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { modelSettled, newConversation } from './fixtures/inbox-model.ts';
import { realModeEnv, replicaProcess } from './fixtures/replicas.ts';
import { chooseAction } from './fixtures/conversation-menu.ts';
import { expect, signIn, test } from './fixtures/test.ts';

// A conversation's history: who took it over, assigned and closed it, and what the assistant did, as quiet
// lines among its messages, in every open dashboard, kept by the dashboard's own database.

const SHOPPER = 'Mara Lind';
const pane = (page: Page, name = SHOPPER) => page.getByRole('region', { name, exact: true });
const transcript = (page: Page, name = SHOPPER) =>
  pane(page, name).getByRole('region', { name: 'Transcript' });
const line = (page: Page, text: RegExp, name = SHOPPER) => transcript(page, name).getByText(text);
const actions = (page: Page, name = SHOPPER) => pane(page, name).getByRole('group', { name: 'Actions' });

test('changes made in one dashboard and by the assistant appear in another dashboard, live, naming who', async ({
  sim,
  pageAs,
}) => {
  const alex = await pageAs('staff2');
  await alex.goto('/inbox');
  await modelSettled(alex, sim);
  const id = await newConversation(sim, SHOPPER);
  await alex.goto(`/inbox/${id}`);
  await expect(transcript(alex)).toContainText('do you ship to Norway');

  const sam = await pageAs('staff');
  await sam.goto(`/inbox/${id}`);
  await actions(sam).getByRole('button', { name: 'Take over', exact: true }).click();
  await expect(line(alex, /^Sam Rivera took over/)).toBeVisible();
  await actions(sam).getByRole('button', { name: 'Hand back to the bot' }).click();
  await expect(line(alex, /^Sam Rivera handed this back to the assistant ·/)).toBeVisible();

  await sim.shopperWrites({
    conversation_id: id,
    content: 'Can I talk to a person, please?',
    escalate: true,
  });
  await expect(line(alex, /^The assistant handed this to a person ·/)).toBeVisible();

  await chooseAction(sam, 'Assign to…');
  const assign = sam.getByRole('dialog', { name: 'Assign' });
  await assign.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: 'Alex Kim' });
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(line(alex, /^Sam Rivera assigned it to Alex Kim ·/)).toBeVisible();
  await chooseAction(sam, 'Close');
  await expect(line(alex, /^Sam Rivera closed it ·/)).toBeVisible();
  await expectNoAxeViolations(alex, 'transcript with history lines');

  // Each change once, in its order, in both dashboards and after a reload.
  const expected = [
    /^Sam Rivera took over/,
    /^Sam Rivera handed this back to the assistant/,
    /^The assistant handed this to a person/,
    /^Sam Rivera assigned it to Alex Kim/,
    /^Sam Rivera closed it/,
  ];
  for (const page of [alex, sam]) {
    await page.reload();
    // History lines end in " · <when>"; no message of this conversation has that.
    const lines = transcript(page).getByText(/ · /);
    await expect(lines).toHaveCount(expected.length);
    for (const [index, text] of expected.entries()) await expect(lines.nth(index)).toHaveText(text);
  }
});

test('the history is kept across a restart of the dashboard server (real mode, a data directory)', async ({
  browser,
}) => {
  // It starts a dashboard server twice and waits for its first read of the store in between.
  test.setTimeout(60_000);
  const simulator = await startSimulatorServer({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'e2e-history-'));
  const bff = replicaProcess(await freePort(), {
    ...(await realModeEnv(dir, simulator.url)),
    DATA_DIR: join(dir, 'data'),
  });
  try {
    await bff.start();
    const written = await fetch(`${simulator.url}/__sim/shopper-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ display_name: SHOPPER, content: 'Do you ship to Norway?' }),
    });
    const { conversation } = ((await written.json()) as { data: { conversation: { id: string } } }).data;

    const open = async () => {
      const context = await browser.newContext({ baseURL: bff.url });
      const page = await context.newPage();
      await page.goto(`/inbox/${conversation.id}`);
      await signIn(page, 'staff');
      await expect(transcript(page)).toContainText('ship to Norway');
      return page;
    };
    const sam = await open();
    // The dashboard has read the store once (its copy is what a change is compared with).
    await expect
      .poll(
        async () => {
          const response = await sam.request.get('/bff/inbox?limit=1', { headers: { 'X-CSRF': '1' } });
          return ((await response.json()) as { ready: boolean }).ready;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await actions(sam).getByRole('button', { name: 'Take over', exact: true }).click();
    await expect(line(sam, /^Sam Rivera took over/)).toBeVisible();
    await sam.context().close();

    await bff.stop();
    await bff.start();
    const again = await open();
    await expect(line(again, /^Sam Rivera took over/)).toHaveCount(1);
    await again.context().close();
  } finally {
    await bff.kill();
    await simulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
