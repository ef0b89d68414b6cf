import { describe, expect, it } from 'vitest';
import { buildConversation } from '@/testing/factories';
import {
  DEFAULT_FILTERS,
  INBOX_VIEWS,
  filtersToParams,
  listOptionsToParams,
  parseListOptions,
  parseFilters,
  refinementCount,
  toModelQuery,
  viewOf,
} from './inbox-filters';
import { inView, matchesInboxQuery } from '@/schemas/inbox-rules';

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

  it('keeps "me" and "none" as they are in the URL and in the query to the BFF', () => {
    const filters = parseFilters(new URLSearchParams('status=active&assigned_to=me'), roster)!;
    expect(viewOf(filters)?.label).toBe('Mine');
    expect(toModelQuery(filters, { sort: undefined, q: '', tag: '' })).toEqual({
      status: 'active',
      assigned_to: 'me',
    });
    const unassigned = parseFilters(
      new URLSearchParams('status=active&handoff_state=human&assigned_to=none'),
      roster,
    )!;
    expect(viewOf(unassigned)?.id).toBe('unassigned');
  });

  it('counts the filters that narrow a custom view', () => {
    expect(refinementCount(DEFAULT_FILTERS)).toBe(0);
    expect(
      refinementCount({ status: 'active', handoff_state: 'bot', channel: 'website', assigned_to: 'any' }),
    ).toBe(2);
  });
});

describe('the views and the BFF counts', () => {
  it('keep in a view exactly what the BFF counts for it', () => {
    const people = [null, 'usr_staff2', 'usr_owner'];
    const conversations = (['active', 'closed'] as const).flatMap((status) =>
      (['bot', 'human'] as const).flatMap((handoff_state) =>
        people.map((assigned_to) => conversation({ status, handoff_state, assigned_to })),
      ),
    );
    for (const view of INBOX_VIEWS) {
      const query = toModelQuery(view.filters, { sort: undefined, q: '', tag: '' });
      for (const candidate of conversations) {
        for (const snoozed of [false, true]) {
          const marks = { tagIds: [], snoozed };
          expect(matchesInboxQuery(candidate, query, 'usr_staff2', marks)).toBe(
            inView(view.id, candidate, 'usr_staff2', marks),
          );
        }
      }
    }
  });
});

describe('the tag filter in the URL', () => {
  it('keeps tag ids beside the view, drops what is not one, and sends them to the BFF', () => {
    const params = new URLSearchParams('status=active&tag=tag_abcdefghijkl,DROP%20TABLE,tag_000000000001');
    const options = parseListOptions(params);
    expect(options.tag).toBe('tag_abcdefghijkl,tag_000000000001');
    expect(toModelQuery(DEFAULT_FILTERS, options)).toMatchObject({
      tag: 'tag_abcdefghijkl,tag_000000000001',
    });
    expect(listOptionsToParams({ ...options, tag: '' }, params).has('tag')).toBe(false);
    expect(listOptionsToParams({ ...options, tag: 'tag_abcdefghijkl' }, params).get('tag')).toBe(
      'tag_abcdefghijkl',
    );
  });
});
