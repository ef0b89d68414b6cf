import { describe, expect, it } from 'vitest';
import { buildConversation } from '@/testing/factories';
import {
  DEFAULT_FILTERS,
  INBOX_VIEWS,
  filtersToParams,
  matchesListFilter,
  parseFilters,
  refinementCount,
  toListFilter,
  viewOf,
} from './inbox-filters';

const roster = [
  { id: 'usr_owner', name: 'Morgan Lee' },
  { id: 'usr_staff2', name: 'Alex Kim' },
];

const conversation = buildConversation;

describe('inbox filters in the URL', () => {
  it('reads nothing from an address without a view, so the default view can be written into it', () => {
    expect(parseFilters(new URLSearchParams(''), roster)).toBeNull();
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('status=active&handoff_state=human');
  });

  it('round-trips every filter under the API names', () => {
    const filters = {
      status: 'closed',
      handoff_state: 'bot',
      channel: 'messaging_b',
      assigned_to: 'usr_staff2',
    } as const;
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      'status=closed&handoff_state=bot&channel=messaging_b&assigned_to=usr_staff2',
    );
    expect(parseFilters(params, roster)).toEqual(filters);
  });

  it('writes "any" status explicitly and leaves other "any" filters out', () => {
    const params = filtersToParams({
      status: 'any',
      handoff_state: 'any',
      channel: 'any',
      assigned_to: 'any',
    });
    expect(params.toString()).toBe('status=any');
  });

  it('reads unknown values and people who are not on the roster as "any" instead of failing', () => {
    expect(
      parseFilters(
        new URLSearchParams('status=archived&channel=fax&assigned_to=usr_gone&handoff_state=x'),
        roster,
      ),
    ).toEqual({ status: 'any', handoff_state: 'any', channel: 'any', assigned_to: 'any' });
  });

  it('keeps "me" as "me" in the URL and resolves it to the signed-in user for the API', () => {
    const filters = parseFilters(new URLSearchParams('status=active&assigned_to=me'), roster)!;
    expect(viewOf(filters)?.label).toBe('Mine');
    expect(toListFilter(filters, 'usr_staff2')).toEqual({ status: 'active', assigned_to: 'usr_staff2' });
  });

  it('never asks the API for unassigned conversations (it cannot list them)', () => {
    for (const view of INBOX_VIEWS) {
      expect(toListFilter(view.filters, 'usr_owner').assigned_to).not.toBe('');
    }
    expect(toListFilter({ ...DEFAULT_FILTERS, assigned_to: 'any' }, 'usr_owner')).not.toHaveProperty(
      'assigned_to',
    );
  });

  it('counts the filters that narrow a custom view', () => {
    expect(refinementCount(DEFAULT_FILTERS)).toBe(0);
    expect(
      refinementCount({ status: 'active', handoff_state: 'bot', channel: 'website', assigned_to: 'any' }),
    ).toBe(2);
  });
});

describe('matchesListFilter', () => {
  it('applies each field as the server does', () => {
    const filter = { status: 'active', handoff_state: 'human', assigned_to: 'usr_staff2' } as const;
    expect(
      matchesListFilter(conversation({ handoff_state: 'human', assigned_to: 'usr_staff2' }), filter),
    ).toBe(true);
    expect(matchesListFilter(conversation({ handoff_state: 'human', assigned_to: null }), filter)).toBe(
      false,
    );
    expect(matchesListFilter(conversation({ handoff_state: 'bot', assigned_to: 'usr_staff2' }), filter)).toBe(
      false,
    );
    expect(matchesListFilter(conversation({ status: 'closed' }), {})).toBe(true);
  });
});
