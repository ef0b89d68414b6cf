import type { BrowserContext, Page } from '@playwright/test';
import { storageStatePath } from './fixtures/accounts.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from './fixtures/chromium-path.ts';
import { expect, test } from './fixtures/test.ts';

// Background alerts: a new handoff reaches a person whose inbox tab is hidden (or whose window
// is behind another): a desktop notification, the tab title, and a chime they can turn off.

type Alerts = {
  notifications: { title: string; body: string | undefined; tag: string | undefined }[];
  /** Oscillators started: the chime is made with WebAudio. */
  oscillators: number;
  hidden: boolean;
};
type AlertWindow = Window & { __alerts: Alerts };

/**
 * Before any page script: a Notification spy in front of the real API (its permission is the real one,
 * granted in the context), page visibility and focus the test can switch, and a count of oscillators.
 */
async function watchAlerts(context: BrowserContext) {
  await context.addInitScript(() => {
    const alerts: Alerts = { notifications: [], oscillators: 0, hidden: false };
    (window as unknown as AlertWindow).__alerts = alerts;
    const Real = window.Notification;
    class SpyNotification {
      static get permission() {
        return Real.permission;
      }
      static requestPermission() {
        return Real.requestPermission();
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        alerts.notifications.push({ title, body: options?.body, tag: options?.tag });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { configurable: true, value: SpyNotification });
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get: () => (alerts.hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => alerts.hidden });
    Document.prototype.hasFocus = () => !alerts.hidden;
    const proto = AudioContext.prototype;
    const createOscillator = Object.getOwnPropertyDescriptor(BaseAudioContext.prototype, 'createOscillator')!
      .value as (this: BaseAudioContext) => OscillatorNode;
    proto.createOscillator = function (this: AudioContext) {
      alerts.oscillators += 1;
      return createOscillator.call(this);
    };
  });
}

const alertsOf = (page: Page) => page.evaluate(() => (window as unknown as AlertWindow).__alerts);

/** The tab goes to the background (or comes back), as the browser would say it. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    (window as unknown as AlertWindow).__alerts.hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event(value ? 'blur' : 'focus'));
  }, hidden);
}

async function openInbox(page: Page) {
  // "Needs a person" newest first: under its default (longest waiting) new handoffs come last.
  await page.goto('/inbox?status=active&handoff_state=human&sort=newest');
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
}

const handoff = (name: string) => ({
  display_name: name,
  content: 'I need to speak to a person about my order.',
  escalate: true,
});

/** Desktop alerts for new handoffs: a switch of the inbox's options menu. */
const alertsSwitch = (page: Page) =>
  page.getByRole('menuitemcheckbox', { name: 'Desktop alerts for new handoffs' });

// Desktop notifications need the full browser: the headless shell reports them denied once granted.
test.use({ launchOptions: { executablePath: FULL_CHROMIUM_PATH, args: CHROMIUM_ARGS } });

test.describe('background alerts', () => {
  test('a new handoff while the inbox tab is hidden raises a notification, a chime and a title; the chime can be turned off and stays off', async ({
    sim,
    pageAs,
  }) => {
    const page = await pageAs('staff', { permissions: ['notifications'] });
    await watchAlerts(page.context());
    await openInbox(page);

    // Both switches are in the inbox's options menu, which stays open while they are switched.
    await page.getByRole('button', { name: 'Inbox options' }).click();
    await alertsSwitch(page).click();
    await expect(alertsSwitch(page)).toHaveAttribute('aria-checked', 'true');
    const soundToggle = page.getByRole('menuitemcheckbox', { name: 'Alert sound' });
    await expect(soundToggle).toHaveAttribute('aria-checked', 'true');
    await expectNoAxeViolations(page, 'inbox options, desktop alerts and sound on');
    await page.keyboard.press('Escape');
    await expect(page).toHaveTitle(/^\(\d+\) Inbox · Sales assistant$/);

    await setHidden(page, true);
    await sim.shopperWrites(handoff('Priya Shah'));
    await expect
      .poll(async () => (await alertsOf(page)).notifications)
      .toEqual([
        expect.objectContaining({
          title: 'A shopper needs a person',
          body: 'Priya Shah on Website was handed over by the assistant.',
        }),
      ]);
    await expect(page).toHaveTitle(/^1 new · \(\d+\) Inbox · Sales assistant$/);
    expect((await alertsOf(page)).oscillators).toBeGreaterThan(0);

    // Back in front of it: the row says it now, the title drops "new".
    await setHidden(page, false);
    await expect(page).toHaveTitle(/^\(\d+\) Inbox · Sales assistant$/);

    // By keyboard: the chime off, remembered after a reload.
    await page.getByRole('button', { name: 'Inbox options' }).focus();
    await page.keyboard.press('Enter');
    await expect(alertsSwitch(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(soundToggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(soundToggle).toHaveAttribute('aria-checked', 'false');
    await expectNoAxeViolations(page, 'inbox options, alert sound off');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Inbox options' })).toBeFocused();
    await page.reload();
    await openInbox(page);
    await page.getByRole('button', { name: 'Inbox options' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Alert sound' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.keyboard.press('Escape');

    await setHidden(page, true);
    await sim.shopperWrites(handoff('Tomás Ruiz'));
    await expect
      .poll(async () => (await alertsOf(page)).notifications.map((shown) => shown.body))
      .toEqual(['Tomás Ruiz on Website was handed over by the assistant.']);
    await expect(page).toHaveTitle(/^1 new · /);
    expect((await alertsOf(page)).oscillators).toBe(0);
  });

  test('a hidden tab alerts while another tab of the browser leads the stream, and one handoff alerts once across tabs', async ({
    sim,
    browser,
    stack,
  }) => {
    const context = await browser.newContext({
      storageState: storageStatePath('staff', stack),
      permissions: ['notifications'],
    });
    try {
      await watchAlerts(context);
      // The first tab takes the stream (the hub's leader); the second hears it through the first.
      const leader = await context.newPage();
      await openInbox(leader);
      const follower = await context.newPage();
      await openInbox(follower);
      await follower.getByRole('button', { name: 'Inbox options' }).click();
      await alertsSwitch(follower).click();
      await expect(alertsSwitch(follower)).toHaveAttribute('aria-checked', 'true');
      await follower.keyboard.press('Escape');

      await setHidden(follower, true);
      await sim.shopperWrites(handoff('Priya Shah'));
      await expect.poll(async () => (await alertsOf(follower)).notifications.length).toBe(1);
      await expect(follower).toHaveTitle(/^1 new · /);
      // The person is looking at the leader tab: it highlights the row and stays quiet.
      await expect(leader.getByRole('list', { name: 'Conversations' })).toContainText('Priya Shah');
      expect((await alertsOf(leader)).notifications).toEqual([]);
      await expect(leader).toHaveTitle(/^\(\d+\) Inbox/);

      // Both in the background: the next handoff is announced by one of them, once.
      await setHidden(leader, true);
      await sim.shopperWrites(handoff('Tomás Ruiz'));
      const tomas = async () =>
        [...(await alertsOf(leader)).notifications, ...(await alertsOf(follower)).notifications].filter(
          (shown) => shown.body?.startsWith('Tomás Ruiz'),
        ).length;
      await expect.poll(tomas).toBe(1);
      await expect(follower).toHaveTitle(/^2 new · /);
      await expect(leader).toHaveTitle(/^1 new · /);
      // Both tabs heard it; a late second alert would show up here.
      await expect(leader.getByRole('list', { name: 'Conversations' })).toContainText('Tomás Ruiz');
      await expect(follower.getByRole('list', { name: 'Conversations' })).toContainText('Tomás Ruiz');
      expect(await tomas()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
