import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newConversation, setUpInboxTests, sim } from '@/testing/inbox-harness';
import { renderWithApp } from '@/testing/render-with-app';
import { SYNC_INTERVAL_MS } from '../use-inbox-sync';

// The inbox as the browser sees it when the BFF's read model is ready: every row comes from /bff/inbox.

setUpInboxTests();

function renderModelInbox(route: string, live: boolean) {
  return renderWithApp({
    route,
    session: 'staff',
    live,
    simulator: sim,
  });
}

async function rowOf(name: string) {
  const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 5_000 });
  return (await within(list).findByText(name)).closest<HTMLElement>('[role="listitem"]')!;
}

describe('the inbox on the read model', () => {
  it("shows a teammate's change within the polling interval when the stream fell back to polling", async () => {
    const id = newConversation(sim, 'Ines Duarte');
    renderModelInbox('/inbox?status=active', false);
    expect(await screen.findByText('Updating every few seconds')).toBeInTheDocument();
    expect(await rowOf('Ines Duarte')).toHaveTextContent('Unassigned');

    // A teammate assigns it in their own dashboard; this tab hears of it only by polling.
    const record = sim.store('store_demo')!.conversations.get(id)!;
    record.assigned_to = 'usr_staff3';
    record.updated_at = sim.clock.stamp();

    await waitFor(async () => expect(await rowOf('Ines Duarte')).toHaveTextContent('Jordan Patel'), {
      timeout: SYNC_INTERVAL_MS * 2,
    });
  });

  it('shows a take-over on the row at once and rolls it back when the store refuses it', async () => {
    const id = newConversation(sim, 'Ines Duarte');
    const path = `/api/v1/agent-conversations/${id}`;
    sim.addFault({ method: 'PUT', path, times: 1, delay_ms: 1000, status: 403, code: 'insufficient_scope' });
    const { user } = renderModelInbox('/inbox?status=active', true);
    const row = await rowOf('Ines Duarte');
    expect(row).toHaveTextContent('Bot');

    await user.click(
      within(row).getByRole('button', { name: 'Actions for the conversation with Ines Duarte' }),
    );
    const menu = await screen.findByRole('menu', { name: 'Actions for the conversation with Ines Duarte' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Take over' }));

    // The row the person looks at changes before the store has answered…
    await waitFor(async () => expect(await rowOf('Ines Duarte')).toHaveTextContent('Human'));
    expect(
      screen.queryByText('Could not take over the conversation with Ines Duarte'),
    ).not.toBeInTheDocument();
    // …and goes back when the store refuses.
    expect(
      await screen.findByText(
        'Could not take over the conversation with Ines Duarte',
        {},
        { timeout: 3_000 },
      ),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await rowOf('Ines Duarte')).toHaveTextContent('Bot'));
    expect(await rowOf('Ines Duarte')).not.toHaveTextContent('Human');
  });
});
