import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import type { RosterMember, SessionUser } from '@/schemas/bff';
import { DEMO_ACCOUNTS, DEMO_ROSTER, type DemoAccount, type DemoAccountName } from '@/schemas/demo-accounts';
import { loginRequestSchema } from '@/schemas/login-request';
import type { ConfigVersion } from '@/schemas/config-versions';
import type { HistoryEntry } from '@/schemas/history';
import type { KnowledgeText } from '@/schemas/knowledge-text';
import type { Note } from '@/schemas/note';
import type { AvailabilityUpdate, TeammateAvailability } from '@/schemas/assignment';
import type { SavedReply } from '@/schemas/saved-replies';
import { matchAllowedRoute, roleMayUse } from '../server/proxy/allowlist.ts';
import { createTestLiveStream } from './test-live-stream';
import { noteHandlers, refusal } from './bff-note-handlers';
import { recordHandlers } from './bff-record-handlers';

/**
 * A small in-memory stand-in for the BFF's session endpoints, for component tests:
 * POST /bff/login, POST /bff/logout, POST /bff/sessions/end-all, GET /bff/session, with the real wire shapes and codes
 * (401 invalid_credentials, 429 after repeated failures, 401 session_required, 403 csrf_failed).
 */

function testAccount({ email, password, name, role, storeUserId }: DemoAccount) {
  return { email, password, user: { id: storeUserId, email, name, role } satisfies SessionUser };
}

/** The demo accounts as the stand-in BFF signs them in. */
export const TEST_ACCOUNTS = {
  owner: testAccount(DEMO_ACCOUNTS.owner),
  staff: testAccount(DEMO_ACCOUNTS.staff),
  staff2: testAccount(DEMO_ACCOUNTS.staff2),
} satisfies Record<DemoAccountName, ReturnType<typeof testAccount>>;

export type TestAccountName = keyof typeof TEST_ACCOUNTS;

export const TEST_ROSTER: RosterMember[] = DEMO_ROSTER.map(({ id, name }) => ({ id, name }));
/** Someone removed from the team: the session names them for what they wrote (`former`). */
export const TEST_FORMER: RosterMember[] = [{ id: 'usr_former', name: 'Robin Former' }];

export type TestBffOptions = {
  /** Who is signed in when the test starts; null for nobody. */
  session?: TestAccountName | null;
  /** Failed sign-ins allowed before 429. */
  maxFailedLogins?: number;
  retryAfterSeconds?: number;
  /** Whether GET /bff/events streams (default false: 503, and the screens poll as without the hub). */
  live?: boolean;
};

/** The BFF's own rule: a role may use a route of the allowlist when the allowlist says so. */
function roleMayWrite(role: SessionUser['role'], method: string, rawTarget: string): boolean {
  const matched = matchAllowedRoute(method, rawTarget);
  return matched.kind !== 'not_found' && roleMayUse(role, matched.route);
}

export type TestBff = ReturnType<typeof createTestBff>;

export function createTestBff(options: TestBffOptions = {}) {
  const maxFailedLogins = options.maxFailedLogins ?? 5;
  const retryAfterSeconds = options.retryAfterSeconds ?? 30;
  let current: SessionUser | null = options.session ? { ...TEST_ACCOUNTS[options.session].user } : null;
  let failedLogins = 0;
  /** The dashboard's history per conversation (GET /bff/conversations/{id}/history); tests fill it. */
  const history = new Map<string, HistoryEntry[]>();
  /** The versions of the assistant's settings, newest first (GET /bff/config-versions); tests fill it. */
  const configVersions: ConfigVersion[] = [];
  /** The kept text of each knowledge source by id (GET /bff/knowledge-texts/{id}); tests fill it. */
  const knowledgeTexts = new Map<string, KnowledgeText>();
  /** How long the dashboard keeps its records (GET and PUT /bff/data-settings). */
  const dataSettings = { retention_days: 180 };
  const log: { method: string; path: string; headers: Headers }[] = [];
  /** The team's availability (GET and PUT /bff/availability); everyone Available with nothing open. */
  const team: TeammateAvailability[] = TEST_ROSTER.map(({ id, name }) => ({
    user_id: id,
    name,
    status: 'available',
    chosen: 'available',
    away_hand_back: 'ask',
    open_conversations: 0,
  }));
  /** Internal notes, oldest first (the notes routes); tests fill it or write through the screens. */
  const notes: Note[] = [];
  /** The note ids each person opened from their mentions. */
  const mentionsRead = new Set<string>();
  /** The bodies PUT /bff/availability received, oldest first. */
  const availabilityUpdates: AvailabilityUpdate[] = [];
  /** Who POST /bff/activity reported as doing something, oldest first. */
  const activityReports: string[] = [];
  /** The store team's saved replies, most used first (GET /bff/saved-replies); tests fill it. */
  const savedReplies: SavedReply[] = [];

  const csrfChecked =
    (resolver: HttpResponseResolver): HttpResponseResolver =>
    (info) => {
      log.push({
        method: info.request.method,
        path: new URL(info.request.url).pathname,
        headers: info.request.headers,
      });
      if (info.request.headers.get('x-csrf') !== '1') {
        return refusal(403, 'csrf_failed', 'The request lacks the X-CSRF header.');
      }
      return resolver(info);
    };

  /**
   * In front of /api/*, like the BFF: X-CSRF required, 401 session_required without a session, and
   * 403 role_forbidden when staff write anything but conversations and messages. Otherwise it answers
   * nothing, so the request goes on to the next handler (the simulator's, or a test's own).
   */
  const apiGate = http.all(
    '/api/*',
    csrfChecked(({ request }) => {
      if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
      const path = new URL(request.url).pathname;
      const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
      if (isWrite && current.role !== 'owner' && !roleMayWrite(current.role, request.method, path)) {
        return refusal(403, 'role_forbidden', 'Staff can change only conversations and replies.');
      }
      return undefined;
    }),
  );

  const handlers = [
    http.get(
      '/bff/session',
      csrfChecked(() =>
        current
          ? HttpResponse.json({ data: { user: current, roster: TEST_ROSTER, former: TEST_FORMER } })
          : refusal(401, 'session_required', 'Sign in to continue.'),
      ),
    ),
    http.post(
      '/bff/login',
      csrfChecked(async ({ request }) => {
        const body = loginRequestSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return refusal(400, 'invalid_body', 'Send an email and a password.');
        if (failedLogins >= maxFailedLogins) {
          return refusal(429, 'rate_limited', 'Too many sign-in attempts.', {
            'Retry-After': String(retryAfterSeconds),
          });
        }
        const account = Object.values(TEST_ACCOUNTS).find(
          (candidate) => candidate.email === body.data.email && candidate.password === body.data.password,
        );
        if (!account) {
          failedLogins += 1;
          return refusal(401, 'invalid_credentials', 'Wrong email or password.');
        }
        failedLogins = 0;
        current = { ...account.user };
        return HttpResponse.json({ data: { user: current } });
      }),
    ),
    http.post(
      '/bff/logout',
      csrfChecked(() => {
        current = null;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    ...noteHandlers({ notes, mentionsRead, signedIn: () => current, csrfChecked }),
    ...recordHandlers({
      history,
      configVersions,
      knowledgeTexts,
      dataSettings,
      signedIn: () => current,
      csrfChecked,
    }),
    http.get(
      '/bff/availability',
      csrfChecked(() =>
        current
          ? HttpResponse.json({ data: team })
          : refusal(401, 'session_required', 'Sign in to continue.'),
      ),
    ),
    http.put(
      '/bff/availability',
      csrfChecked(async ({ request }) => {
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        const body = (await request.json()) as AvailabilityUpdate;
        availabilityUpdates.push(body);
        const me = team.find((person) => person.user_id === current!.id)!;
        if (body.away_hand_back) me.away_hand_back = body.away_hand_back;
        const handBack = body.hand_back ?? me.away_hand_back === 'hand_back';
        const handedBack = body.status === 'away' && handBack ? me.open_conversations : 0;
        Object.assign(me, {
          status: body.status,
          chosen: body.status,
          inactive: false,
          open_conversations: me.open_conversations - handedBack,
        });
        return HttpResponse.json({ data: team, handed_back: handedBack });
      }),
    ),
    http.get(
      '/bff/saved-replies',
      csrfChecked(() =>
        current
          ? HttpResponse.json({ data: savedReplies })
          : refusal(401, 'session_required', 'Sign in to continue.'),
      ),
    ),
    http.post(
      '/bff/saved-replies/:id/uses',
      csrfChecked(({ params }) => {
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        const reply = savedReplies.find((candidate) => candidate.id === params.id);
        if (!reply) return refusal(404, 'not_found', 'There is no saved reply with that id.');
        reply.use_count += 1;
        return HttpResponse.json({ data: reply });
      }),
    ),
    http.post(
      '/bff/activity',
      csrfChecked(() => {
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        activityReports.push(current.id);
        // Input ends an auto-away, as the BFF decides.
        const me = team.find((person) => person.user_id === current!.id)!;
        if (me.inactive) Object.assign(me, { inactive: false, status: me.chosen });
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.post(
      '/bff/sessions/end-all',
      csrfChecked(() => {
        if (!current) return refusal(401, 'session_required', 'Sign in again.');
        current = null;
        // This browser's session and one elsewhere, as the real BFF counts them.
        return HttpResponse.json({ data: { ended: 2 } });
      }),
    ),
  ];

  const live = createTestLiveStream({
    available: options.live ?? false,
    isSignedIn: () => current !== null,
    csrfOk: (request) => request.headers.get('x-csrf') === '1',
  });
  handlers.push(...live.handlers);

  return {
    /** The /bff/* endpoints. */
    handlers,
    /** Each conversation's history as the BFF would answer it. */
    history,
    /** The internal notes as stored, oldest first. */
    notes,
    /** The dashboard's data settings as stored. */
    dataSettings,
    /** The kept versions of the assistant's settings, newest first. */
    configVersions,
    /** The kept knowledge texts by source id. */
    knowledgeTexts,
    /** The team's availability as the BFF answers it; tests change it. */
    team,
    availabilityUpdates,
    activityReports,
    /** The saved replies as the BFF answers them; tests fill it. */
    savedReplies,
    /** The live hub's stream and presence (see test-live-stream.ts). */
    live,
    apiGate,
    /** Every request the test BFF saw, oldest first. */
    requests: log,
    currentUser: () => current,
    /** The session ends on the server (idle or absolute timeout). */
    expireSession: () => {
      current = null;
    },
  };
}
