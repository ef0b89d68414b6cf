import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fill,
  findForm,
  leaveDraft,
  renderAssistant,
  saveElsewhere,
  storedConfig,
} from '@/testing/assistant-harness';
import { draftStorageKey } from '../config-draft';

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  // Sonner keeps toasts in module state and replays them to the next test's Toaster.
  toast.dismiss();
});

// Whole-app renders over the in-process simulator: allow for a busy machine.
describe('assistant configuration screen: drafts and versions', { timeout: 20_000 }, () => {
  it('meets a newer version with the conflict prompt, and again on a second conflict', async () => {
    const { user, puts } = renderAssistant();
    await findForm();
    await user.type(screen.getByLabelText('Assistant name'), 'Ava');
    await fill(user, screen.getByLabelText('Greeting'), 'Hello from me');
    await saveElsewhere({ greeting: 'Welcome from them', persona_instructions: 'Be brief.' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Someone else saved changes while you were editing',
    });
    expect(within(dialog).getByText('1 setting needs your choice.')).toBeInTheDocument();
    const greetingRow = within(dialog).getByRole('heading', { name: 'Greeting' }).closest('li')!;
    expect(within(greetingRow).getByText('Hello from me')).toBeInTheDocument();
    expect(within(greetingRow).getByText('Welcome from them')).toBeInTheDocument();
    const personaRow = within(dialog).getByRole('heading', { name: 'Persona instructions' }).closest('li')!;
    expect(within(personaRow).getByText('Their change, taken')).toBeInTheDocument();
    const nameRow = within(dialog).getByRole('heading', { name: 'Assistant name' }).closest('li')!;
    expect(within(nameRow).getByText('Your change, kept')).toBeInTheDocument();

    // A choice is required before saving.
    await user.click(within(dialog).getByRole('button', { name: 'Save merged version' }));
    expect(within(dialog).getByText('Choose which version of greeting to keep.')).toBeInTheDocument();

    // Meanwhile the other side saves again: saving the merge meets a second conflict.
    await saveElsewhere({ greeting: 'Welcome, second try' });
    await user.click(within(dialog).getByRole('radio', { name: /Keep yours/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save merged version' }));

    const again = await screen.findByRole('dialog', {
      name: 'Someone else saved changes while you were editing',
    });
    await waitFor(() => expect(within(again).getByText('Welcome, second try')).toBeInTheDocument());
    await user.click(within(again).getByRole('radio', { name: /Take the saved version/ }));
    await user.click(within(again).getByRole('button', { name: 'Save merged version' }));
    await screen.findByText('Assistant settings saved');

    const stored = await storedConfig();
    expect(stored).toMatchObject({
      agent_name: 'Ava',
      persona_instructions: 'Be brief.',
      greeting: 'Welcome, second try',
    });
    // Three PUTs from the screen, each its own save action with its own key.
    expect(new Set(puts.map((put) => put.key)).size).toBe(3);
  });

  it('restores an unsaved draft after a reload, and discard goes back to the stored values', async () => {
    leaveDraft({ greeting: 'Draft greeting' });
    const { user } = renderAssistant();
    await findForm();
    expect(await screen.findByText('Your unsaved changes were restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Greeting')).toHaveValue('Draft greeting');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Greeting')).toHaveValue('');
    expect(localStorage.getItem(draftStorageKey('usr_owner'))).toBeNull();
  });

  it('never saves a restored draft over a version saved since: it prompts', async () => {
    leaveDraft({ greeting: 'Draft greeting' });
    const { user } = renderAssistant();
    await findForm();
    // The other owner saved while the draft waited.
    await act(() => saveElsewhere({ agent_name: 'Nova' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Someone else saved changes while you were editing',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save merged version' }));
    await screen.findByText('Assistant settings saved');
    expect(await storedConfig()).toMatchObject({ agent_name: 'Nova', greeting: 'Draft greeting' });
  });

  it('notices a newer version while editing and offers to merge it into the draft', async () => {
    const { user, queryClient } = renderAssistant();
    await findForm();
    await user.type(screen.getByLabelText('Greeting'), 'Mine');
    await saveElsewhere({ agent_name: 'Nova' });
    await act(() => queryClient.refetchQueries({ queryKey: ['agent-config'] }));

    expect(await screen.findByText('Someone saved changes since you started editing')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the newer saved version' });
    await user.click(within(dialog).getByRole('button', { name: 'Use merged version in my draft' }));

    expect(screen.getByLabelText('Assistant name')).toHaveValue('Nova');
    expect(screen.getByLabelText('Greeting')).toHaveValue('Mine');
    expect(screen.queryByText('Someone saved changes since you started editing')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Assistant settings saved');
    expect(await storedConfig()).toMatchObject({ agent_name: 'Nova', greeting: 'Mine' });
  });

  it('shows a newer version at once when nothing is being edited', async () => {
    const { queryClient } = renderAssistant();
    await findForm();
    await saveElsewhere({ agent_name: 'Nova' });
    await act(() => queryClient.refetchQueries({ queryKey: ['agent-config'] }));
    await waitFor(() => expect(screen.getByLabelText('Assistant name')).toHaveValue('Nova'));
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = renderAssistant();
    await findForm();
    await user.type(screen.getByLabelText('Greeting'), 'Unsaved');
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Inbox' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/assistant');
    expect(screen.getByLabelText('Greeting')).toHaveValue('Unsaved');

    await user.click(within(nav).getByRole('link', { name: 'Inbox' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave page',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox'));
  });
});
