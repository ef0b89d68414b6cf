import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import type { SimulatorControl } from './fixtures/simulator.ts';
import { expect, test } from './fixtures/test.ts';

// Room for the transcript: at 1280x800 the open conversation's transcript gets at least half
// of the pane (a compact header, a one-line reply box at rest), on a phone at least half the screen, and
// the inbox uses wide screens whole.

const SHOPPER = 'Hana Sato';
/** "Hello, do you ship to Japan?" */
const ARABIC = 'مرحبا، هل تشحنون إلى اليابان؟';
const pane = (page: Page) => page.getByRole('region', { name: SHOPPER, exact: true });
const transcript = (page: Page) => pane(page).getByRole('region', { name: 'Transcript' });
const replyBox = (page: Page) => pane(page).getByRole('textbox', { name: /reply/i });

/** A handed-over conversation with twelve short exchanges: more than any screen shows at once. */
async function longConversation(sim: SimulatorControl): Promise<string> {
  const { conversation } = await sim.shopperWrites({
    display_name: SHOPPER,
    content: 'Question 1: do you ship to Japan?',
  });
  for (let index = 2; index <= 12; index += 1) {
    await sim.shopperWrites({ conversation_id: conversation.id, content: `Question ${index}: and then?` });
  }
  await sim.shopperWrites({ conversation_id: conversation.id, content: 'A person, please.', escalate: true });
  return conversation.id;
}

async function box(name: string, locator: ReturnType<Page['locator']>) {
  const found = await locator.boundingBox();
  expect(found, `${name} has a box`).not.toBeNull();
  return found!;
}

/** Messages whose bubble lies wholly inside the transcript's visible box. */
async function wholeMessagesInView(page: Page): Promise<number> {
  return transcript(page).evaluate((region) => {
    const view = region.getBoundingClientRect();
    return [...region.querySelectorAll('article')].filter((item) => {
      const rect = item.getBoundingClientRect();
      return rect.height > 0 && rect.top >= view.top && rect.bottom <= view.bottom;
    }).length;
  });
}

test.describe('room for the transcript', () => {
  test('at 1280x800 the transcript gets at least half the pane, and the reply box is one line until text grows it', async ({
    sim,
    pageAs,
  }) => {
    const id = await longConversation(sim);
    const page = await pageAs('staff', { viewport: { width: 1280, height: 800 } });
    await page.goto(`/inbox/${id}`);
    await expect(transcript(page)).toContainText('A person, please.');

    const paneBox = await box('pane', pane(page));
    const transcriptBox = await box('transcript', transcript(page));
    const shown = await wholeMessagesInView(page);
    // The closing note states these numbers.
    console.log(
      `1280x800: transcript ${Math.round(transcriptBox.height)} px of a ${Math.round(paneBox.height)} px pane, ${shown} whole messages in view`,
    );
    expect(transcriptBox.height).toBeGreaterThanOrEqual(paneBox.height / 2);
    // Four at this layout with the fonts here; three leaves room for a host that draws text larger.
    expect(shown).toBeGreaterThanOrEqual(3);

    // One line at rest; it grows while typing, up to a cap, and the transcript keeps most of the pane.
    const atRest = await box('reply box', replyBox(page));
    expect(atRest.height).toBeLessThanOrEqual(48);
    await replyBox(page).fill(Array.from({ length: 20 }, (_, line) => `Line ${line + 1}`).join('\n'));
    const typing = await box('reply box', replyBox(page));
    expect(typing.height).toBeGreaterThan(atRest.height);
    expect(typing.height).toBeLessThanOrEqual(160);
    await replyBox(page).fill('');
    await expect.poll(async () => (await box('reply box', replyBox(page))).height).toBe(atRest.height);
    await expectNoAxeViolations(page, 'conversation open at 1280x800');
  });

  test('at 1920x1080 the inbox uses the whole width; at 200% zoom and on a phone the reply box is still reached', async ({
    sim,
    pageAs,
  }) => {
    const id = await longConversation(sim);
    const wide = await pageAs('staff', { viewport: { width: 1920, height: 1080 } });
    await wide.goto(`/inbox/${id}`);
    await expect(transcript(wide)).toContainText('A person, please.');
    const list = await box('list', wide.getByRole('region', { name: 'Conversation list' }));
    const paneBox = await box('pane', pane(wide));
    // No 1024 px cap: list and pane together span nearly all the width beside the navigation.
    expect(paneBox.x + paneBox.width - list.x).toBeGreaterThan(1500);
    expect(1920 - (paneBox.x + paneBox.width)).toBeLessThanOrEqual(48);

    // 200% zoom of a 1280x800 window: a 640x400 CSS viewport. The page scrolls; the reply box is there.
    const zoomed = await pageAs('staff', { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });
    await zoomed.goto(`/inbox/${id}`);
    await expect(transcript(zoomed)).toContainText('A person, please.');
    await replyBox(zoomed).focus();
    await zoomed.keyboard.type('Checking now.');
    await expect(replyBox(zoomed)).toBeInViewport();
    await expect(pane(zoomed).getByRole('button', { name: 'Send', exact: true })).toBeInViewport();

    // On a phone the conversation takes the screen: the transcript at least half of it, the reply box in
    // sight. A message in Arabic reads right to left, the others left to right.
    await sim.shopperWrites({ conversation_id: id, content: ARABIC });
    const phone = await pageAs('staff', { viewport: { width: 390, height: 844 } });
    await phone.goto(`/inbox/${id}`);
    await expect(transcript(phone)).toContainText(ARABIC);
    await expect(replyBox(phone)).toBeInViewport();
    expect((await box('transcript', transcript(phone))).height).toBeGreaterThanOrEqual(844 / 2);
    const direction = (text: string) =>
      transcript(phone)
        .getByText(text, { exact: true })
        .evaluate((element) => getComputedStyle(element).direction);
    expect(await direction(ARABIC)).toBe('rtl');
    expect(await direction('A person, please.')).toBe('ltr');
    await expectNoAxeViolations(phone, 'conversation open at 390x844');
  });
});
