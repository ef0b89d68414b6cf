import type { Page } from '@playwright/test';
import type { Conversation } from '../src/schemas/conversation.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { modelSettled } from './fixtures/inbox-model.ts';
import type { SimulatorControl } from './fixtures/simulator.ts';
import { chooseAction } from './fixtures/conversation-menu.ts';
import { expect, test } from './fixtures/test.ts';

// Automatic assignment as a store with three people uses it: the owner turns it on and steps away, Sam and
// Alex have the inbox open, and shoppers ask for a person through the simulator's control plane. What is
// checked is the store's own copy of each conversation (assigned upstream), and what Sam sees.

const SAM = 'usr_staff1';
const ALEX = 'usr_staff2';

/** The account menu: choose Away (keeping one's conversations) or Available. */
async function choose(page: Page, status: 'Away' | 'Available') {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${status}`) }).click();
  if (status === 'Away') await page.getByRole('button', { name: 'Keep them' }).click();
}

type Teammate = { user_id: string; status: string; open_conversations: number };
async function team(page: Page): Promise<Teammate[]> {
  // A reused keep-alive socket the server has just closed is a network error, not an answer: ask again.
  const response = await page.request.get('/bff/availability', { headers: { 'X-CSRF': '1' }, maxRetries: 2 });
  return ((await response.json()) as { data: Teammate[] }).data;
}
const availability = async (page: Page) =>
  Object.fromEntries((await team(page)).map((person) => [person.user_id, person.status]));
const openCount = async (page: Page, userId: string) =>
  (await team(page)).find((person) => person.user_id === userId)!.open_conversations;
const openInAll = async (page: Page) =>
  (await team(page)).reduce((sum, person) => sum + person.open_conversations, 0);

// The dashboard's database outlives a test (and the simulator's reset): the switch goes off again after.
test.afterEach(async ({ pageAs, stack }) => {
  const owner = await pageAs('owner');
  const response = await owner.request.put('/bff/assignment-settings', {
    headers: { 'X-CSRF': '1', Origin: stack.baseURL },
    data: { enabled: false, strategy: 'round_robin', max_open_per_person: 5 },
  });
  expect(response.status()).toBe(200);
});

const assigneeInStore = async (sim: SimulatorControl, id: string) =>
  (await sim.api<{ data: Conversation }>(`/api/v1/agent-conversations/${id}`)).data.assigned_to;

let shoppers = 0;
/** A shopper asks for a person: a new conversation handed over by the assistant. */
async function handoff(sim: SimulatorControl): Promise<{ id: string; name: string }> {
  shoppers += 1;
  const name = `Shopper ${shoppers}`;
  const { conversation } = await sim.shopperWrites({
    display_name: name,
    content: 'Can I talk to a person?',
    escalate: true,
  });
  return { id: conversation.id, name };
}

/** Conversations the worker has assigned in this test: what the team's open counts have grown by. */
let assignedInTest = 0;
async function expectAssigned(sim: SimulatorControl, id: string, to: string | null) {
  await expect.poll(() => assigneeInStore(sim, id), { timeout: 10_000 }).toBe(to);
  if (to !== null) assignedInTest += 1;
}

test('new handoffs go to whoever is available in turn, never past the limit, and wait for a free slot', async ({
  sim,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const owner = await pageAs('owner');
  await owner.goto('/inbox');
  await modelSettled(owner, sim);
  assignedInTest = 0;
  const openAtStart = await openInAll(owner);
  await choose(owner, 'Away');

  await owner.getByRole('button', { name: 'Assignment' }).click();
  const settings = owner.getByRole('dialog', { name: 'Assignment' });
  const toggle = settings.getByRole('switch', { name: 'Automatic assignment' });
  await expect(toggle).not.toBeChecked();
  await toggle.focus();
  await owner.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  // The demo store's seed gives Sam and Alex two open conversations each: six is more than this test
  // gives either of them before it lowers the limit.
  await settings.getByRole('combobox', { name: /Open conversations per person/ }).selectOption('6');
  await expect(settings.getByRole('combobox', { name: /Open conversations per person/ })).toHaveValue('6');
  await expectNoAxeViolations(owner, 'assignment settings');
  await settings.getByRole('button', { name: 'Done' }).click();
  await expect(owner.getByRole('button', { name: 'Assignment' })).toBeFocused();

  const sam = await pageAs('staff');
  await sam.goto('/inbox');
  const alex = await pageAs('staff2');
  await alex.goto('/inbox');
  await expect
    .poll(() => availability(owner))
    .toMatchObject({ usr_owner: 'away', [SAM]: 'available', [ALEX]: 'available' });

  // Round robin: in turn (who goes first depends on who was given one last, in earlier runs too).
  const first = await handoff(sim);
  await expect.poll(() => assigneeInStore(sim, first.id), { timeout: 10_000 }).not.toBeNull();
  const firstTurn = (await assigneeInStore(sim, first.id))!;
  assignedInTest += 1;
  const secondTurn = firstTurn === SAM ? ALEX : SAM;
  for (const next of [secondTurn, firstTurn]) await expectAssigned(sim, (await handoff(sim)).id, next);

  // Sam sees his first one as his, assigned automatically.
  const mine = firstTurn === SAM ? first : await handoff(sim);
  if (firstTurn !== SAM) await expectAssigned(sim, mine.id, SAM);
  await sam.goto(`/inbox/${mine.id}`);
  const transcript = sam.getByRole('region', { name: mine.name, exact: true }).getByRole('region', {
    name: 'Transcript',
  });
  await expect(transcript.getByText(/^Assigned to Sam Rivera automatically/)).toBeVisible();

  // Alex steps away: the next two both go to Sam.
  await choose(alex, 'Away');
  await expect.poll(() => availability(owner)).toMatchObject({ [ALEX]: 'away' });
  for (let i = 0; i < 2; i += 1) await expectAssigned(sim, (await handoff(sim)).id, SAM);

  // Alex is back, and the owner lowers the limit to what the busier of the two has: the other one gets
  // handoffs until both are at the limit.
  await choose(alex, 'Available');
  await expect.poll(() => availability(owner)).toMatchObject({ [ALEX]: 'available' });
  // The counts come from the BFF's copy, which learns of the worker's last writes from the feed a moment
  // later: read them once every assignment so far is in.
  await expect.poll(() => openInAll(owner)).toBe(openAtStart + assignedInTest);
  const [samOpen, alexOpen] = [await openCount(owner, SAM), await openCount(owner, ALEX)];
  const limit = Math.max(samOpen, alexOpen);
  await owner.getByRole('button', { name: 'Assignment' }).click();
  await settings.getByRole('combobox', { name: /Open conversations per person/ }).selectOption(String(limit));
  await expect(settings.getByRole('combobox', { name: /Open conversations per person/ })).toHaveValue(
    String(limit),
  );
  await settings.getByRole('button', { name: 'Done' }).click();
  const fewer = samOpen < alexOpen ? SAM : ALEX;
  for (let i = 0; i < Math.abs(samOpen - alexOpen); i += 1)
    await expectAssigned(sim, (await handoff(sim)).id, fewer);

  // Both at the limit: the next waits in Unassigned, until Sam closes one of his.
  const waiting = await handoff(sim);
  await expect
    .poll(async () => {
      const response = await sam.request.get(`/bff/inbox?q=${encodeURIComponent(waiting.name)}`, {
        headers: { 'X-CSRF': '1' },
      });
      return ((await response.json()) as { data: unknown[] }).data.length;
    })
    .toBe(1);
  // Two more steps of the feed (about a second each) in which the worker could have assigned it.
  await sam.waitForTimeout(2500);
  expect(await assigneeInStore(sim, waiting.id)).toBeNull();

  await expect(sam.getByRole('heading', { name: mine.name, level: 2 })).toBeVisible();
  await chooseAction(sam, 'Close');
  await expectAssigned(sim, waiting.id, SAM);
});

test('with automatic assignment on, a conversation a person took over stays theirs', async ({
  sim,
  pageAs,
  stack,
}) => {
  test.setTimeout(90_000);
  const owner = await pageAs('owner');
  const response = await owner.request.put('/bff/assignment-settings', {
    headers: { 'X-CSRF': '1', Origin: stack.baseURL },
    data: { enabled: true, strategy: 'round_robin', max_open_per_person: 50 },
  });
  expect(response.status()).toBe(200);
  // Alex is available, so the worker has someone to give a waiting conversation to.
  const alex = await pageAs('staff2');
  await alex.goto('/inbox');
  await expect.poll(() => availability(owner)).toMatchObject({ [ALEX]: 'available' });

  const { conversation } = await sim.shopperWrites({
    display_name: 'Ola Dahl',
    content: 'Do you ship to Norway?',
  });
  const sam = await pageAs('staff');
  await sam.goto(`/inbox/${conversation.id}?status=active`);
  const region = sam.getByRole('region', { name: 'Ola Dahl', exact: true });
  await region.getByRole('button', { name: 'Take over', exact: true }).click();
  await expect(region).toContainText('Assigned to Sam Rivera');
  await sam.getByRole('textbox', { name: 'Reply to Ola Dahl' }).fill('Yes, we do.');
  await sam.keyboard.press('Control+Enter');
  // Thirty seconds of the feed's steps (about one a second), each followed by the worker.
  for (let second = 0; second < 30; second += 5) {
    await sam.waitForTimeout(5000);
    expect(await assigneeInStore(sim, conversation.id)).toBe(SAM);
  }
});
