import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INBOX_VIEWS } from '../inbox-filters';
import { CountAnnouncer } from './count-announcer';

const [needsPerson, unassignedView] = INBOX_VIEWS;
const counts = (needs: number) =>
  ({ 'needs-person': needs, unassigned: 1, mine: 0, snoozed: 0, active: 5, closed: 0 }) as const;

describe('CountAnnouncer', () => {
  it("announces a change of the view's count, not the first count, another view's or a search's", () => {
    const { rerender } = render(<CountAnnouncer view={needsPerson} counts={counts(2)} search="" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    rerender(<CountAnnouncer view={needsPerson} counts={counts(3)} search="" />);
    expect(status).toHaveTextContent(
      'Needs a person: 3 conversations handed to a person and still open, 1 with nobody assigned.',
    );
    rerender(<CountAnnouncer view={unassignedView} counts={counts(4)} search="" />);
    expect(status).toHaveTextContent('Needs a person: 3 conversations');
    rerender(<CountAnnouncer view={unassignedView} counts={counts(4)} search="ana" />);
    rerender(<CountAnnouncer view={unassignedView} counts={{ ...counts(4), unassigned: 2 }} search="" />);
    expect(status).toHaveTextContent('Needs a person: 3 conversations');
    rerender(<CountAnnouncer view={unassignedView} counts={{ ...counts(4), unassigned: 1 }} search="" />);
    expect(status).toHaveTextContent('Unassigned: 1 conversation handed to a person with nobody assigned.');
  });
});
