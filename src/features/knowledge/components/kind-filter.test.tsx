import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { KnowledgeKind } from '@/schemas/knowledge-source';
import { KindFilter } from './kind-filter';

function Controlled({ initial }: { initial?: KnowledgeKind }) {
  const [kind, setKind] = useState<KnowledgeKind | undefined>(initial);
  return (
    <>
      <KindFilter kind={kind} onChange={setKind} />
      <output>{kind ?? 'everything'}</output>
    </>
  );
}

describe('KindFilter', () => {
  it('is one radio group named Show with the checked option in the tab order', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="faq" />);
    const group = screen.getByRole('radiogroup', { name: 'Show' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['all', 'faq', 'doc']);
    expect(within(group).getByRole('radio', { name: 'FAQ' })).toBeChecked();
    await user.tab();
    expect(within(group).getByRole('radio', { name: 'FAQ' })).toHaveFocus();
  });

  it('selects by click, and back to all', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    await user.click(screen.getByText('Doc'));
    expect(screen.getByRole('radio', { name: 'Doc' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('doc');
    await user.click(screen.getByText('All'));
    expect(screen.getByRole('status')).toHaveTextContent('everything');
  });
});
