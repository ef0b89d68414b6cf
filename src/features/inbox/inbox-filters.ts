import type { RosterMember } from '@/schemas/bff';
import {
  CHANNELS,
  CONVERSATION_STATUSES,
  HANDOFF_STATES,
  type Channel,
  type ConversationStatus,
  type HandoffState,
} from '@/schemas/conversation';
import { INBOX_SORTS, SEARCH_MAX_CHARS, UNASSIGNED, type InboxSort } from '@/schemas/inbox';
import { TAGS_PER_REQUEST_MAX } from '@/schemas/limits';
import {
  readReportFilter,
  REPORT_FILTER_PARAMS,
  reportFilterParams,
  type ReportFilter,
} from '@/schemas/report-filter';
import { TAG_ID_FORM } from '@/schemas/tag-ref';

/**
 * The inbox's filters, kept in the URL's search params under the API's own names
 * (`status`, `handoff_state`, `channel`, `assigned_to`), so a reload, a shared link and the back button
 * all show the same list.
 *
 * `status` is always written (`any` when both statuses are wanted): an address without it is the
 * default view. `assigned_to` is `me`, `none` (nobody; the BFF resolves both) or a roster member's id.
 */
export type InboxFilters = {
  status: ConversationStatus | 'any';
  handoff_state: HandoffState | 'any';
  channel: Channel | 'any';
  /** 'any', 'me' (whoever is signed in), 'none' or a roster member's id. */
  assigned_to: string;
  /**
   * The snoozed conversations instead of the rest (`snoozed=only`, the "Snoozed" view). Every other list
   * leaves them out until they wake, so an address without it lists what it always did.
   */
  snoozed?: true;
};

export const ANY = 'any';
const SNOOZED_ONLY = 'only' as const;
export const ME = 'me';
export const NONE = UNASSIGNED;

const ALL: InboxFilters = { status: ANY, handoff_state: ANY, channel: ANY, assigned_to: ANY };

export type InboxViewId = 'needs-person' | 'unassigned' | 'mine' | 'snoozed' | 'active' | 'closed';

export type InboxView = { id: InboxViewId; label: string; filters: InboxFilters };

const NEEDS_PERSON_VIEW: InboxView = {
  id: 'needs-person',
  label: 'Needs a person',
  filters: { ...ALL, status: 'active', handoff_state: 'human' },
};

/** Every open conversation: where an empty filtered list offers to go. */
export const ALL_ACTIVE_VIEW: InboxView = {
  id: 'active',
  label: 'All active',
  filters: { ...ALL, status: 'active' },
};

/**
 * Ready-made views. "Mine" is the working inbox: closed conversations have left it (spec). "Snoozed"
 * holds what the others leave out until it wakes.
 */
export const INBOX_VIEWS: readonly InboxView[] = [
  NEEDS_PERSON_VIEW,
  {
    id: 'unassigned',
    label: 'Unassigned',
    filters: { ...ALL, status: 'active', handoff_state: 'human', assigned_to: NONE },
  },
  { id: 'mine', label: 'Mine', filters: { ...ALL, status: 'active', assigned_to: ME } },
  { id: 'snoozed', label: 'Snoozed', filters: { ...ALL, status: 'active', snoozed: true } },
  ALL_ACTIVE_VIEW,
  { id: 'closed', label: 'Closed', filters: { ...ALL, status: 'closed' } },
];

/** What a bare /inbox shows: the conversations waiting for a person. */
export const DEFAULT_FILTERS: InboxFilters = NEEDS_PERSON_VIEW.filters;

const oneOf = <Value extends string>(values: readonly Value[], raw: string | null): Value | undefined =>
  values.find((value) => value === raw);

/**
 * Reads the filters from the search params; null when the address names no view yet (no `status`),
 * so the caller can write the default into the URL. Unknown values read as "any" rather than failing:
 * an old link (say, to someone no longer on the roster) still opens a list.
 */
export function parseFilters(params: URLSearchParams, roster: readonly RosterMember[]): InboxFilters | null {
  const rawStatus = params.get('status');
  if (rawStatus === null) return null;
  const assignee = params.get('assigned_to');
  return {
    status: oneOf(CONVERSATION_STATUSES, rawStatus) ?? ANY,
    handoff_state: oneOf(HANDOFF_STATES, params.get('handoff_state')) ?? ANY,
    channel: oneOf(CHANNELS, params.get('channel')) ?? ANY,
    assigned_to:
      assignee === ME || assignee === NONE || roster.some((member) => member.id === assignee)
        ? (assignee as string)
        : ANY,
    ...(params.get('snoozed') === SNOOZED_ONLY ? { snoozed: true as const } : {}),
  };
}

/** The filters as search params, keeping any other params the address has (none today). */
export function filtersToParams(filters: InboxFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  params.set('status', filters.status);
  for (const name of ['handoff_state', 'channel', 'assigned_to'] as const) {
    if (filters[name] === ANY) params.delete(name);
    else params.set(name, filters[name]);
  }
  if (filters.snoozed) params.set('snoozed', SNOOZED_ONLY);
  else params.delete('snoozed');
  return params;
}

export function sameFilters(a: InboxFilters, b: InboxFilters): boolean {
  return (
    a.status === b.status &&
    a.handoff_state === b.handoff_state &&
    a.channel === b.channel &&
    a.assigned_to === b.assigned_to &&
    a.snoozed === b.snoozed
  );
}

/** The ready-made view these filters are, or undefined for a custom combination. */
export function viewOf(filters: InboxFilters): InboxView | undefined {
  return INBOX_VIEWS.find((view) => sameFilters(view.filters, filters));
}

/** How many filters narrow a custom (not ready-made) view, for the phone's "Filters (n)" toggle. */
export function refinementCount(filters: InboxFilters): number {
  if (viewOf(filters)) return 0;
  const narrowing = (['handoff_state', 'channel', 'assigned_to'] as const).filter(
    (name) => filters[name] !== ANY,
  );
  return narrowing.length + (filters.snoozed ? 1 : 0);
}

/** The read model's query of a filter set (it understands `me` and `none` itself), with sort and search. */
export function toModelQuery(filters: InboxFilters, options: ListOptions) {
  return {
    ...(filters.status !== ANY ? { status: filters.status } : {}),
    ...(filters.handoff_state !== ANY ? { handoff_state: filters.handoff_state } : {}),
    ...(filters.channel !== ANY ? { channel: filters.channel } : {}),
    ...(filters.assigned_to !== ANY ? { assigned_to: filters.assigned_to } : {}),
    ...(filters.snoozed ? { snoozed: SNOOZED_ONLY } : {}),
    ...(options.sort !== undefined ? { sort: options.sort } : {}),
    ...(options.q !== '' ? { q: options.q } : {}),
    ...(options.tag !== '' ? { tag: options.tag } : {}),
    ...(options.report ? reportFilterParams(options.report) : {}),
  };
}

/**
 * How the list is ordered, searched and narrowed to tags, in the URL beside the filters (`sort`, `q`,
 * `tag`: tag ids, comma-separated, every one carried). No sort: the view's own (longest waiting for
 * "Needs a person" and "Unassigned", newest activity otherwise). `report`: the conversations behind a
 * report figure (report-filter.ts), listed whatever the view says; an unusable one is left out.
 */
export type ListOptions = { sort: InboxSort | undefined; q: string; tag: string; report?: ReportFilter };

/** The address's parameters that ListOptions reads. */
export const LIST_OPTION_PARAMS = ['sort', 'q', 'tag', ...REPORT_FILTER_PARAMS] as const;

export function parseListOptions(params: URLSearchParams): ListOptions {
  return {
    sort: INBOX_SORTS.find((sort) => sort === params.get('sort')),
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_CHARS),
    // What is not a tag id is left out: an edited link still lists, by the tags it does name.
    tag: (params.get('tag') ?? '')
      .split(',')
      .filter((id) => TAG_ID_FORM.test(id))
      .slice(0, TAGS_PER_REQUEST_MAX)
      .join(','),
    ...reportOf(params),
  };
}

function reportOf(params: URLSearchParams): { report?: ReportFilter } {
  const raw = Object.fromEntries(REPORT_FILTER_PARAMS.map((name) => [name, params.get(name) ?? undefined]));
  const report = readReportFilter(raw);
  return report ? { report } : {};
}

export function listOptionsToParams(options: ListOptions, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  if (options.sort === undefined) params.delete('sort');
  else params.set('sort', options.sort);
  if (options.q.trim() === '') params.delete('q');
  else params.set('q', options.q);
  if (options.tag === '') params.delete('tag');
  else params.set('tag', options.tag);
  for (const name of REPORT_FILTER_PARAMS) params.delete(name);
  if (options.report)
    for (const [name, value] of Object.entries(reportFilterParams(options.report))) params.set(name, value);
  return params;
}
