import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSimulatorHandlers } from '../../../../mocks/handlers';
import { createSimulator } from '../../../../mocks/simulator';
import type { TestBff } from '@/testing/bff-handlers';
import { renderWithApp } from '@/testing/render-with-app';

const simulator = () => createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner' });

function renderKnowledge(route = '/knowledge', session: 'owner' | 'staff' = 'owner') {
  return renderWithApp({ route, session, handlers: simulator() });
}

const filterOption = (name: string) =>
  within(screen.getByRole('radiogroup', { name: 'Show' })).getByRole('radio', { name });
const findFilterOption = async (name: string) =>
  within(await screen.findByRole('radiogroup', { name: 'Show' })).getByRole('radio', { name });

async function sourceTitles() {
  const list = await screen.findByRole('list', { name: 'Knowledge sources' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

describe('knowledge sources list', { timeout: 20_000 }, () => {
  it('lists the seeded sources newest first with kind, chunk count and times', async () => {
    renderKnowledge();
    const titles = await sourceTitles();
    expect(titles).toContain('Shipping & delivery');
    expect(titles).toContain('Size guide: tops and knitwear');

    const row = screen.getByRole('heading', { name: 'Shipping & delivery' }).closest('li')!;
    expect(within(row).getByText('FAQ')).toBeInTheDocument();
    expect(within(row).getByText('Chunks').nextElementSibling).toHaveTextContent('8');
    const times = row.querySelectorAll('time');
    expect(times).toHaveLength(2);
    // Relative on screen, absolute on hover.
    expect(times[0]).toHaveTextContent(/ago/);
    expect(times[0]!.getAttribute('title')).toMatch(/\d{4}/);
    expect(screen.getByText(/That is all 9 sources/)).toBeInTheDocument();
  });

  it('flags a source with 0 chunks, says what it means and how to fix an FAQ', async () => {
    const { user } = renderKnowledge();
    await sourceTitles();
    const row = screen.getByRole('heading', { name: 'Gift cards' }).closest('li')!;
    expect(within(row).getByText(/Nothing usable was found in this text/)).toBeInTheDocument();
    expect(within(row).getByText(/cannot answer anything from it/)).toBeInTheDocument();
    await user.click(within(row).getByText('How to fix it'));
    expect(within(row).getByText(/An FAQ needs question and answer pairs/)).toBeVisible();
    expect(within(row).getByLabelText('Example of the FAQ format')).toHaveTextContent(
      'Q: How long does delivery take?',
    );
    // Sources with chunks carry no warning.
    const healthy = screen.getByRole('heading', { name: 'Shipping & delivery' }).closest('li')!;
    expect(within(healthy).queryByText(/Nothing usable/)).not.toBeInTheDocument();
  });

  it('filters by kind and keeps the filter in the address', async () => {
    const { user, router } = renderKnowledge();
    await sourceTitles();

    await user.click(filterOption('FAQ'));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=faq'));
    await waitFor(async () => expect(await sourceTitles()).not.toContain('Our story and sourcing'));
    expect(await sourceTitles()).toEqual([
      'Payment methods',
      'Gift cards',
      'Returns & exchanges',
      'Shipping & delivery',
    ]);
    expect(filterOption('FAQ')).toBeChecked();

    await user.click(filterOption('All'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(async () => expect(await sourceTitles()).toHaveLength(9));
  });

  it('opens with the kind of the address, and ignores a kind it does not know', async () => {
    renderKnowledge('/knowledge?kind=doc');
    expect(await findFilterOption('Doc')).toBeChecked();
    await waitFor(async () => expect(await sourceTitles()).toHaveLength(5));
    expect(await sourceTitles()).not.toContain('Gift cards');
  });

  it('shows every kind for an unknown kind in the address', async () => {
    renderKnowledge('/knowledge?kind=video');
    expect(await findFilterOption('All')).toBeChecked();
    await waitFor(async () => expect(await sourceTitles()).toHaveLength(9));
  });

  it('loads the next page on demand, past the first 20 sources', async () => {
    const simulator = createSimulator();
    const store = simulator.store('store_demo')!;
    const base = Date.parse('2020-01-01T00:00:00Z');
    for (let index = 0; index < 16; index += 1) {
      const at = new Date(base + index * 60_000).toISOString();
      store.knowledgeSources.set(`ks_old_${index}`, {
        id: `ks_old_${index}`,
        kind: 'doc',
        title: `Archived note ${index}`,
        chunk_count: 1,
        created_at: at,
        updated_at: at,
      });
    }
    const { user } = renderWithApp({
      route: '/knowledge',
      handlers: createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner', simulator }),
    });
    expect(await sourceTitles()).toHaveLength(20);
    // jsdom has no IntersectionObserver, so the button stands in for scrolling (keyboard users use it too).
    await user.click(screen.getByRole('button', { name: 'Load more sources' }));
    await waitFor(async () => expect(await sourceTitles()).toHaveLength(25));
    expect((await sourceTitles()).at(-1)).toBe('Archived note 0');
    expect(screen.getByText('That is all 25 sources.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more sources' })).not.toBeInTheDocument();
  });

  it('shows staff the list read-only and says why', async () => {
    renderKnowledge('/knowledge', 'staff');
    expect(await sourceTitles()).toContain('Gift cards');
    const header = screen.getByRole('heading', { name: /Knowledge/, level: 1 }).closest('header')!;
    expect(within(header).getByText('Read-only')).toBeInTheDocument();
    expect(screen.getByText(/only a store owner can add knowledge sources/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a source' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('never opens the form for staff, even from an address that asks for it', async () => {
    renderKnowledge('/knowledge?add=1', 'staff');
    await sourceTitles();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  describe('the texts the dashboard kept', () => {
    /** The dashboard kept `text` for the seeded source `title` (added by the owner). */
    async function keepText(bff: TestBff, title: string, text: string) {
      const response = await fetch('/api/v1/agent-knowledge-sources?limit=100', {
        headers: { 'X-CSRF': '1' },
      });
      const list = (await response.json()) as { data: { id: string; title: string }[] };
      const id = list.data.find((source) => source.title === title)!.id;
      bff.knowledgeTexts.set(id, {
        source_id: id,
        kind: 'faq',
        title,
        text,
        actor_user_id: 'usr_owner',
        actor_name: 'Morgan Lee',
        created_at: new Date().toISOString(),
      });
    }

    it('reads a kept text again and starts an edited copy from it in the form', async () => {
      const { user, bff, router } = renderKnowledge();
      await sourceTitles();
      await keepText(bff, 'Shipping & delivery', 'Q: How long does delivery take?\nA: Two to four days.');
      expect(screen.getByText(/has no way to replace or delete a source/)).toBeInTheDocument();

      const row = screen.getByRole('heading', { name: 'Shipping & delivery' }).closest('li')!;
      await user.click(within(row).getByRole('button', { name: 'Read the text of “Shipping & delivery”' }));
      const text = await within(row).findByLabelText('Text of “Shipping & delivery”');
      expect(text).toHaveTextContent('Q: How long does delivery take? A: Two to four days.');
      expect(within(row).getByText(/Added by Morgan Lee/)).toBeInTheDocument();

      await user.click(within(row).getByRole('button', { name: 'Add an edited copy' }));
      const form = await screen.findByRole('form', { name: 'Add a knowledge source' });
      await waitFor(() => expect(router.state.location.search).toBe('?add=1'));
      expect(within(form).getByLabelText('Title')).toHaveValue('Shipping & delivery');
      expect(within(form).getByLabelText('Text')).toHaveValue(
        'Q: How long does delivery take?\nA: Two to four days.',
      );
      expect(within(form).getByRole('radio', { name: /FAQ/ })).toBeChecked();
      await waitFor(() =>
        expect(within(form).getByRole('heading', { name: 'Add a knowledge source' })).toHaveFocus(),
      );
      // Closed, the form hands the focus to the button that opens it again.
      await user.click(within(form).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Add a source' })).toHaveFocus());
    });

    it('says when there is no copy of a source’s text, and staff read without the edit action', async () => {
      const { user, bff } = renderKnowledge('/knowledge', 'staff');
      await sourceTitles();
      await keepText(bff, 'Gift cards', 'Gift cards never expire.');
      const kept = screen.getByRole('heading', { name: 'Gift cards' }).closest('li')!;
      await user.click(within(kept).getByRole('button', { name: /Read the text/ }));
      expect(await within(kept).findByText('Gift cards never expire.')).toBeInTheDocument();
      expect(within(kept).queryByRole('button', { name: 'Add an edited copy' })).not.toBeInTheDocument();

      const other = screen.getByRole('heading', { name: 'Shipping & delivery' }).closest('li')!;
      await user.click(within(other).getByRole('button', { name: /Read the text/ }));
      expect(await within(other).findByText(/The dashboard has no copy of this text/)).toBeInTheDocument();
      await user.click(within(other).getByRole('button', { name: /Hide the text/ }));
      expect(within(other).queryByText(/The dashboard has no copy of this text/)).not.toBeInTheDocument();
    });
  });
});
