import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures/test.ts';
import type { SimulatorControl } from './fixtures/simulator.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { chooseAction } from './fixtures/conversation-menu.ts';
import { controlsUnder, overlapping } from './fixtures/geometry.ts';

type Conversation = {
  id: string;
  status: 'active' | 'closed';
  handoff_state: 'bot' | 'human';
  display_name: string | null;
};
type Message = { id: string; role: 'user' | 'assistant'; content: string; author_user_id: string | null };
type Page_<Item> = { data: Item[]; page: { has_more: boolean; next_cursor?: string } };

const messagesPath = (id: string) => `/api/v1/agent-conversations/${id}/messages`;

async function firstConversation(sim: SimulatorControl, query: string): Promise<Conversation> {
  const { data } = await sim.api<Page_<Conversation>>(`/api/v1/agent-conversations?${query}&limit=100`);
  const conversation = data.find((item) => item.display_name !== null) ?? data[0];
  if (!conversation) throw new Error(`No seeded conversation for ${query}`);
  return conversation;
}

async function conversation(sim: SimulatorControl, id: string): Promise<Conversation> {
  return (await sim.api<{ data: Conversation }>(`/api/v1/agent-conversations/${id}`)).data;
}

/** The whole stored transcript, every page. */
async function storedMessages(sim: SimulatorControl, id: string): Promise<Message[]> {
  const messages: Message[] = [];
  let after: string | undefined;
  do {
    const page = await sim.api<Page_<Message>>(
      `${messagesPath(id)}?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    );
    messages.push(...page.data);
    after = page.page.has_more ? page.page.next_cursor : undefined;
  } while (after);
  return messages;
}

async function countStored(sim: SimulatorControl, id: string, content: string) {
  return (await storedMessages(sim, id)).filter((message) => message.content === content).length;
}

async function countDelivered(sim: SimulatorControl, id: string, content: string) {
  return (await sim.deliveries(id)).filter((delivery) => delivery.content === content).length;
}

/** The Idempotency-Key of every reply POST the page sends to the conversation, in order. */
function recordReplyKeys(page: Page, id: string): string[] {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === messagesPath(id)) {
      keys.push(request.headers()['idempotency-key'] ?? '');
    }
  });
  return keys;
}

/** Staff opens the first seeded conversation matching `query` in the inbox. */
async function staffOpens(sim: SimulatorControl, pageAs: (account: 'staff') => Promise<Page>, query: string) {
  const open = await firstConversation(sim, query);
  const page = await pageAs('staff');
  await page.goto(`/inbox/${open.id}`);
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('article').first()).toBeVisible();
  return { open, page, transcript, composer: page.getByRole('textbox', { name: /^Reply to/ }) };
}

/** The reply as the transcript shows it once the server confirmed it (no longer sending). */
function sentReply(page: Page, text: string) {
  return page
    .getByRole('region', { name: 'Transcript' })
    .getByRole('article', { name: new RegExp(`^${accounts.staff.name},`) })
    .filter({ hasText: text, hasNotText: /Sending…|Not sent/ });
}

test.describe('transcript and replies', () => {
  test('staff replies: the reply shows its author, reaches the shopper and leaves handoff_state alone', async ({
    sim,
    pageAs,
  }) => {
    const { open, page, composer } = await staffOpens(sim, pageAs, 'status=active&handoff_state=human');

    const text = `Your order ships today (${Date.now()}).`;
    await composer.fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    const reply = sentReply(page, text);
    await expect(reply).toBeVisible();
    await expect(reply.getByText(accounts.staff.name)).toBeVisible();
    await expect(composer).toHaveValue('');
    await expect.poll(() => countDelivered(sim, open.id, text)).toBe(1);
    await expectNoAxeViolations(page, 'transcript with a sent reply');
    const deliveries = await sim.deliveries(open.id);
    expect(deliveries.find((delivery) => delivery.content === text)).toMatchObject({
      author_user_id: accounts.staff.storeUserId,
    });
    expect((await conversation(sim, open.id)).handoff_state).toBe('human');
  });

  test('exactly once: the connection drops after the server applied the reply, the UI retries', async ({
    sim,
    pageAs,
  }) => {
    const { open, page, composer, transcript } = await staffOpens(
      sim,
      pageAs,
      'status=active&handoff_state=human',
    );
    await sim.injectFault({ method: 'POST', path: messagesPath(open.id), times: 1, drop: 'after' });
    const keys = recordReplyKeys(page, open.id);

    const text = `Exactly once, despite the drop (${Date.now()}).`;
    await composer.fill(text);
    await composer.press('Control+Enter');

    await expect(sentReply(page, text)).toBeVisible();
    await expect(transcript.getByText('Sending…')).toHaveCount(0);
    await expect(transcript.getByText(text)).toHaveCount(1);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(await countStored(sim, open.id, text)).toBe(1);
    expect(await countDelivered(sim, open.id, text)).toBe(1);
  });

  test('exactly once: a reload while the reply is on its way resends it with its key', async ({
    sim,
    pageAs,
  }) => {
    const { open, page, composer, transcript } = await staffOpens(
      sim,
      pageAs,
      'status=active&handoff_state=human',
    );
    // The server holds the first request long enough to reload during it.
    await sim.injectFault({ method: 'POST', path: messagesPath(open.id), times: 1, delay_ms: 4000 });
    const keys = recordReplyKeys(page, open.id);

    const text = `Exactly once, despite the reload (${Date.now()}).`;
    await composer.fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(transcript.getByText('Sending…')).toBeVisible();
    await page.reload();

    await expect(sentReply(page, text)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Transcript' }).getByText(text)).toHaveCount(1);
    await expect(page.getByText('Sending…')).toHaveCount(0);
    // Sent before the reload, and again after it with the key stored with the reply.
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(await countStored(sim, open.id, text)).toBe(1);
    expect(await countDelivered(sim, open.id, text)).toBe(1);
  });

  test('a shopper message and a rating arrive live', async ({ sim, pageAs }) => {
    // The rating comes with the hub's slow tail re-read (below); after a test that squeezed the rate
    // limit, the feed may also still be in its slow cadence for one step (up to 30 s).
    test.setTimeout(120_000);
    const { open, page, transcript } = await staffOpens(sim, pageAs, 'status=active&handoff_state=human');
    const storeMessage = (await storedMessages(sim, open.id)).findLast(
      (message) => message.role === 'assistant',
    );
    if (!storeMessage) throw new Error('The conversation has no store message to rate.');

    const text = `Is anyone there? (${Date.now()})`;
    await sim.shopperWrites({ conversation_id: open.id, content: text });
    await expect(transcript.getByRole('article').filter({ hasText: text })).toBeVisible();
    await expect(
      transcript.getByRole('article').filter({ hasText: text }).getByText('Shopper'),
    ).toBeVisible();

    await sim.rate(storeMessage.id, 1);
    const rated = transcript.getByRole('article').filter({ hasText: storeMessage.content });
    // A rating does not move the conversation's updated_at: the live hub finds it in its first read of
    // the tail (when the rating came before the hub began watching) or in its slow re-read of watched
    // tails, one every 10 s at most and each about every 30 s. Allow for one such round.
    await expect(rated.getByRole('img', { name: 'Shopper rated this reply 1 out of 5' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(rated.getByText('Low rating')).toBeVisible();
    await expectNoAxeViolations(page, 'transcript with a live message and a low rating');
  });

  test('"Take over and send" on a bot conversation leaves it human-handled with the reply delivered', async ({
    sim,
    pageAs,
  }) => {
    const { open, page, composer } = await staffOpens(sim, pageAs, 'status=active&handoff_state=bot');
    await expect(page.getByText(/The assistant is still answering/)).toBeVisible();
    await expectNoAxeViolations(page, 'transcript of a bot conversation');

    const text = `A person here, let me check that for you (${Date.now()}).`;
    await composer.fill(text);
    await page.getByRole('button', { name: 'Take over and send' }).click();

    await expect(sentReply(page, text)).toBeVisible();
    await expect(page.getByText(/The assistant is still answering/)).toHaveCount(0);
    await expect.poll(async () => (await conversation(sim, open.id)).handoff_state).toBe('human');
    expect(await countDelivered(sim, open.id, text)).toBe(1);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}x${viewport.height} a toast leaves the reply box, Send and every other control free`, async ({
      sim,
      pageAs,
    }) => {
      const open = await firstConversation(sim, 'status=active&handoff_state=human');
      const page = await pageAs('staff', { viewport });
      await page.goto(`/inbox/${open.id}`);
      const composer = page.getByRole('textbox', { name: /^Reply to/ });
      await expect(composer).toBeVisible();

      // Closing raises a toast (with Undo); reopening brings the reply box back while it is still up.
      await chooseAction(page, 'Close');
      const closed = page.locator('[data-sonner-toast]').filter({ hasText: 'Closed the conversation' });
      await expect(closed).toBeVisible();
      await page.getByRole('button', { name: 'Reopen conversation' }).click();
      await expect(composer).toBeVisible();
      await expect(closed).toBeVisible();
      expect(await overlapping(closed, composer)).toBe(false);
      expect(await overlapping(closed, page.getByRole('button', { name: 'Send', exact: true }))).toBe(false);
      // Nor any other control of the screen (on a phone the page moves down to make room for it).
      expect(await controlsUnder(closed)).toEqual([]);
      await expectNoAxeViolations(page, `transcript with a toast, at ${viewport.width}px`);

      // The reply box takes a real click.
      await composer.click();
      await expect(composer).toBeFocused();
    });
  }
});
