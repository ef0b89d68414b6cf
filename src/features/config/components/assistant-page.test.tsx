import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulatorHandlers } from '../../../../mocks/handlers';
import { AGENT_CONFIG_DEFAULTS, BUILT_IN_TEXTS } from '@/schemas/agent-config';
import { fill, findForm, renderAssistant, storedConfig } from '@/testing/assistant-harness';
import { renderWithApp } from '@/testing/render-with-app';
import { draftStorageKey } from '../config-draft';
import { editableConfig } from '../merge-config';

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  // Sonner keeps toasts in module state and replays them to the next test's Toaster.
  toast.dismiss();
});

// Whole-app renders over the in-process simulator: allow for a busy machine.
describe('assistant configuration screen', { timeout: 20_000 }, () => {
  it('shows the defaults of a store that never saved, labelled as such', async () => {
    renderAssistant();
    await findForm();
    expect(screen.getByRole('heading', { name: 'Assistant', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Defaults, never saved')).toBeInTheDocument();
    expect(screen.getByText('These are the default settings')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Assistant on the storefront' })).toBeChecked();
    for (const skill of ['Product discovery', 'Cart', 'Order status']) {
      expect(screen.getByRole('switch', { name: skill })).toBeChecked();
    }
    // An empty field shows the text the assistant actually uses in its place, and says so.
    const name = screen.getByLabelText('Assistant name');
    expect(name).toHaveValue('');
    expect(name).toHaveAttribute('placeholder', BUILT_IN_TEXTS.agent_name);
    expect(name).toHaveAccessibleDescription(
      new RegExp(`Empty: shoppers see the built-in name “${BUILT_IN_TEXTS.agent_name}”\\.`),
    );
    expect(screen.getByLabelText('Greeting')).toHaveAttribute('placeholder', BUILT_IN_TEXTS.greeting);
    expect(screen.getByLabelText('Handoff message')).toHaveAttribute(
      'placeholder',
      BUILT_IN_TEXTS.handoff_message,
    );
    // The preview shows shoppers' view: the built-in name and greeting themselves.
    const preview = screen.getByTestId('widget-preview');
    expect(within(preview).getByText(BUILT_IN_TEXTS.agent_name)).toBeInTheDocument();
    expect(within(preview).getByText(BUILT_IN_TEXTS.greeting)).toBeInTheDocument();
    expect(within(preview).queryByText(/Built-in name|The built-in greeting/)).not.toBeInTheDocument();
    // Nothing changed yet: no save bar.
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });

  it('counts characters against each limit and refuses an over-long greeting, saying why', async () => {
    const { user, puts } = renderAssistant();
    await findForm();
    const greeting = screen.getByLabelText('Greeting');
    await user.type(greeting, 'Hello!');
    expect(greeting).toHaveAccessibleDescription(/6 of 280 characters used/);
    expect(within(screen.getByTestId('widget-preview')).getByText('Hello!')).toBeInTheDocument();

    await user.clear(greeting);
    await user.click(greeting);
    // Characters are code points: an emoji counts once, a combining accent on its own.
    await user.paste('😀e\u0301');
    expect(greeting).toHaveAccessibleDescription(/3 of 280 characters used/);

    await user.clear(greeting);
    await user.click(greeting);
    await user.paste('x'.repeat(290));
    expect(greeting).toHaveAccessibleDescription(
      /Greeting is 10 characters over the limit of 280\. Shorten it to save\./,
    );
    expect(greeting).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(greeting).toHaveFocus());
    expect(puts).toHaveLength(0);
  });

  it('shows exactly which starter prompts will be stored', async () => {
    const { user } = renderAssistant();
    await findForm();
    for (let count = 0; count < 3; count += 1) {
      await user.click(screen.getByRole('button', { name: 'Add prompt' }));
    }
    // A new row takes the focus.
    expect(screen.getByLabelText('Prompt 3')).toHaveFocus();
    await fill(user, screen.getByLabelText('Prompt 1'), 'Track my order');
    await user.type(screen.getByLabelText('Prompt 2'), '   ');
    await user.click(screen.getByLabelText('Prompt 3'));
    await user.paste(`${'a'.repeat(80)}bcdef`);

    expect(screen.getByLabelText('Prompt 2')).toHaveAccessibleDescription(/Blank: dropped when saved\./);
    expect(screen.getByLabelText('Prompt 3')).toHaveAccessibleDescription(
      /Cut to 80 characters when saved: the last 5 are dropped\./,
    );
    const stored = screen.getByRole('list', { name: 'What will be stored' });
    expect(
      within(stored)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Track my order', 'a'.repeat(80)]);
    const chips = screen.getByRole('list', { name: 'Starter prompts shoppers see' });
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);

    // Reorder by keyboard-reachable buttons; the focus follows the moved prompt.
    await user.click(screen.getByRole('button', { name: 'Move prompt 3 up' }));
    expect(screen.getByLabelText('Prompt 2')).toHaveValue(`${'a'.repeat(80)}bcdef`);
    expect(screen.getByRole('button', { name: 'Move prompt 2 up' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove prompt 3' }));
    expect(screen.getAllByLabelText(/^Prompt \d$/)).toHaveLength(2);
  });

  it('saves every field with the version it started from, then shows what was stored', async () => {
    const { user, puts } = renderAssistant();
    await findForm();
    await user.type(screen.getByLabelText('Assistant name'), 'Ava');
    await user.click(screen.getByRole('button', { name: 'Add prompt' }));
    await fill(user, screen.getByLabelText('Prompt 1'), 'Gift ideas');
    await user.click(screen.getByRole('button', { name: 'Add prompt' })); // A blank one, dropped on save.
    await user.click(screen.getByRole('switch', { name: 'Cart' }));
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toHaveTextContent('3 settings changed');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Assistant settings saved');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual({
      ...editableConfig(AGENT_CONFIG_DEFAULTS),
      agent_name: 'Ava',
      suggested_prompts: ['Gift ideas', ''],
      skill_add_to_cart: false,
      expected_updated_at: null,
    });
    // The form now holds the stored, normalised values.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument(),
    );
    // The bar left with the focus on Save: it is on the form now, not on the page's body.
    expect(screen.getByRole('form', { name: 'Assistant settings' })).toHaveFocus();
    expect(screen.getAllByLabelText(/^Prompt \d$/)).toHaveLength(1);
    expect(screen.queryByText('These are the default settings')).not.toBeInTheDocument();
    expect(screen.getByText(/Last saved/)).toBeInTheDocument();
    const first = await storedConfig();

    // A new save is a new action: a new key, and the new version as expected_updated_at.
    await user.type(screen.getByLabelText('Greeting'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.body.expected_updated_at).toBe(first.updated_at);
    expect(puts[1]?.key).not.toBe(puts[0]?.key);
  });

  it('retries a failed save with the same Idempotency-Key', async () => {
    const { user, puts, simulator } = renderAssistant();
    await findForm();
    simulator.addFault({ method: 'PUT', path: '/api/v1/agent-config', times: 1, status: 500 });
    await fill(user, screen.getByLabelText('Greeting'), 'Welcome!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Assistant settings saved');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.key).toBe(puts[0]?.key);
    expect((await storedConfig()).greeting).toBe('Welcome!');
  });

  it('is read-only for staff and says why', async () => {
    renderAssistant({ session: 'staff' });
    await findForm();
    expect(screen.getByText('You can view these settings, not change them')).toBeInTheDocument();
    expect(screen.getByText(/Only store owners can change the assistant/)).toBeInTheDocument();
    expect(screen.getByLabelText('Greeting')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Assistant on the storefront' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add prompt' })).not.toBeInTheDocument();
  });

  it('turns read-only when the key lacks write_sales_agent, keeping the edit', async () => {
    const { user } = renderAssistant({ key: 'sk_test_demo_readonly' });
    await findForm();
    await fill(user, screen.getByLabelText('Greeting'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/write_sales_agent/);
    expect(screen.getByLabelText('Greeting')).toBeDisabled();
    expect(screen.getByLabelText('Greeting')).toHaveValue('Hello there');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(localStorage.getItem(draftStorageKey('usr_owner'))).toContain('Hello there');
  });

  it('puts an invalid_body refusal on the field it names', async () => {
    const refuse = http.put('/api/v1/agent-config', () =>
      HttpResponse.json(
        {
          error: {
            code: 'invalid_body',
            reason: 'invalid_value',
            field: 'agent_name',
            message: 'The assistant name may not impersonate a person on staff.',
          },
        },
        { status: 400 },
      ),
    );
    const { user } = renderWithApp({
      route: '/assistant',
      handlers: [refuse, ...createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner' })],
    });
    await findForm();
    const name = screen.getByLabelText('Assistant name');
    await user.type(name, 'Morgan');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/may not impersonate a person on staff/));
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Morgan');
  });
});
