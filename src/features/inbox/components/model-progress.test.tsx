import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InboxResponse } from '@/schemas/inbox';
import { ModelProgress } from './model-progress';

const answer = (fields: Partial<InboxResponse>): InboxResponse => ({
  data: [],
  page: { has_more: false, next_cursor: null },
  listed: true,
  ready: true,
  previews: { read: 0, of: 0 },
  handoffs: [],
  counts: { unassigned: 0, mine: 0, 'needs-person': 0, snoozed: 0, active: 0, closed: 0 },
  waiting_threshold_minutes: 5,
  ...fields,
});

describe('how far the inbox got over the store', () => {
  it('says the store is being read while it is listed', () => {
    render(<ModelProgress model={answer({ listed: false, ready: false })} />);
    expect(screen.getByText('Reading the store: counts and previews follow')).toBeInTheDocument();
  });

  it('counts the previews read once the store is listed', () => {
    render(<ModelProgress model={answer({ ready: false, previews: { read: 1200, of: 3000 } })} />);
    expect(
      screen.getByText(
        `Previews for ${(1200).toLocaleString()} of ${(3000).toLocaleString()} active conversations`,
      ),
    ).toBeInTheDocument();
  });

  it('says nothing once every preview is read', () => {
    const { container } = render(<ModelProgress model={answer({ previews: { read: 3, of: 3 } })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
