import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSimulatorHandlers } from '../../../../mocks/handlers';
import { createSimulator } from '../../../../mocks/simulator';
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
});
