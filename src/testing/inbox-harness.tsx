import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { createSimulator, type Simulator } from '../../mocks/simulator';
import { renderWithApp } from './render-with-app';

/** The shared pieces of the inbox page's component tests (inbox-page*.test.tsx), run against the simulator. */

/**
 * jsdom lays nothing out: give every element a viewport so the virtualized list renders the rows a
 * browser would show, and let scrolling calls be harmless.
 */
export function fakeInboxLayout() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  Element.prototype.scrollTo = () => undefined;
  // Toasts capture the pointer on press; jsdom has no pointer capture.
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
}

/** Undoes fakeInboxLayout (after vi.restoreAllMocks). */
export function removeFakeInboxLayout() {
  for (const name of ['scrollTo', 'setPointerCapture', 'releasePointerCapture'] as const) {
    delete (Element.prototype as Partial<Element>)[name];
  }
}

/** The simulator of the running test (an ES module live binding: set afresh before each test). */
export let sim: Simulator;

/**
 * Each test of the file gets a fresh simulator (`sim`), empty storage and the fake layout. The whole app
 * renders through the real router against the simulator: a few seconds per test in jsdom.
 */
export function setUpInboxTests() {
  vi.setConfig({ testTimeout: 15_000 });
  beforeEach(() => {
    localStorage.clear();
    sim = createSimulator();
    fakeInboxLayout();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    removeFakeInboxLayout();
  });
}

export function renderInbox(sim: Simulator, route: string, session: 'staff' | 'owner' = 'staff') {
  return renderWithApp({ route, session, simulator: sim });
}

export function stored(sim: Simulator, conversationId: string) {
  const record = sim.store('store_demo')!.conversations.get(conversationId)!;
  return { status: record.status, handoff_state: record.handoff_state, assigned_to: record.assigned_to };
}

/** A fresh conversation with the bot, nobody assigned. */
export function newConversation(sim: Simulator, displayName: string) {
  return sim.shopperWrites({ display_name: displayName, email: null, content: 'Do you ship to Norway?' })
    .conversation.id;
}

export async function openPane(name: string) {
  const pane = await screen.findByRole('region', { name });
  await within(pane).findByRole('button', { name: 'More actions' });
  return pane;
}

/** Runs one of the open conversation's actions from its header's menu (fetched on first use). */
export async function chooseAction(user: UserEvent, pane: HTMLElement, name: string) {
  await user.click(within(pane).getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name }));
}
