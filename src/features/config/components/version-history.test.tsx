import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentConfig } from '@/schemas/agent-config';
import type { ConfigVersion } from '@/schemas/config-versions';
import { findForm, renderAssistant, saveElsewhere, storedConfig } from '@/testing/assistant-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  toast.dismiss();
});

/** A kept version of `config`, as the BFF answers it. */
function keptVersion(id: string, config: AgentConfig, source: 'dashboard' | 'outside'): ConfigVersion {
  const { updated_at, ...settings } = config;
  return {
    id,
    version: updated_at!,
    source,
    actor_user_id: source === 'dashboard' ? 'usr_owner' : null,
    actor_name: source === 'dashboard' ? 'Morgan Lee' : null,
    kept_at: updated_at!,
    config: settings,
  };
}

describe('the version history of the assistant settings', { timeout: 20_000 }, () => {
  it('compares two versions field by field and restores one as unsaved changes, saved through the conflict prompt', async () => {
    const { user, bff, queryClient } = renderAssistant();
    await findForm();
    const first = await saveElsewhere({ greeting: 'First greeting' });
    const second = await saveElsewhere({ greeting: 'Second greeting', skill_order_status: false });
    bff.configVersions.push(keptVersion('2', second, 'outside'), keptVersion('1', first, 'dashboard'));
    await act(() => queryClient.refetchQueries({ queryKey: ['agent-config'] }));
    await waitFor(() => expect(screen.getByLabelText('Greeting')).toHaveValue('Second greeting'));

    await user.click(screen.getByRole('button', { name: 'Version history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    const rows = within(await within(dialog).findByRole('region', { name: 'Versions' })).getAllByRole(
      'listitem',
    );
    expect(rows[0]).toHaveTextContent('Current');
    expect(rows[0]).toHaveTextContent('Outside the dashboard');
    expect(rows[1]).toHaveTextContent('Saved by Morgan Lee');
    const differ = within(dialog).getByRole('list', { name: 'Settings that differ' });
    expect(
      within(differ)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Greeting', 'Order status']);
    const greetingRow = within(differ).getByRole('heading', { name: 'Greeting' }).closest('li')!;
    expect(
      within(greetingRow)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['First greeting', 'Second greeting']);

    await user.click(within(rows[1]!).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Greeting')).toHaveValue('First greeting');
    expect(screen.getByText('A past version is in the form')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toHaveTextContent('2 settings changed');

    // Someone saves meanwhile: the restored version meets the conflict prompt like any edit.
    await saveElsewhere({ greeting: 'Third greeting' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const prompt = await screen.findByRole('dialog', {
      name: 'Someone else saved changes while you were editing',
    });
    await user.click(within(prompt).getByRole('radio', { name: /Keep yours/ }));
    await user.click(within(prompt).getByRole('button', { name: 'Save merged version' }));
    await screen.findByText('Assistant settings saved');
    expect(await storedConfig()).toMatchObject({ greeting: 'First greeting', skill_order_status: true });
    expect(screen.queryByText('A past version is in the form')).not.toBeInTheDocument();
  });

  it('says when there is nothing kept yet, and staff compare without restoring', async () => {
    const { user, bff } = renderAssistant({ session: 'staff' });
    await findForm();
    await user.click(screen.getByRole('button', { name: 'Version history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    expect(await within(dialog).findByText(/No versions yet/)).toBeInTheDocument();
    expect(within(dialog).getByText('You can compare versions, not restore them')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    const only = await storedConfig();
    bff.configVersions.push(keptVersion('1', { ...only, updated_at: '2026-11-01T10:00:00.000Z' }, 'outside'));
    await user.click(screen.getByRole('button', { name: 'Version history' }));
    const reopened = await screen.findByRole('dialog', { name: 'Version history' });
    expect(
      await within(reopened).findByText('Only one version so far: there is nothing to compare it with yet.'),
    ).toBeInTheDocument();
    expect(within(reopened).queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });

  it('names the same person, in another tab, when the newer version is their own', async () => {
    const { user, bff } = renderAssistant();
    await findForm();
    await user.type(screen.getByLabelText('Assistant name'), 'Ava');
    // The owner saved in another tab: the dashboard kept that version as theirs.
    const theirs = await saveElsewhere({ greeting: 'Saved in my other tab' });
    bff.configVersions.unshift(keptVersion('3', theirs, 'dashboard'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'You, in another tab, saved changes while you were editing',
      }),
    ).toBeVisible();
  });
});
