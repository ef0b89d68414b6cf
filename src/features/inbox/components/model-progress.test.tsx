import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildInboxResponse } from '@/testing/factories';
import { ModelProgress } from './model-progress';

const answer = buildInboxResponse;

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
