import type { Hono } from 'hono';
import {
  assignmentSettingsSchema,
  availabilityUpdateSchema,
  AWAY_AFTER_IDLE_MINUTES,
  MAX_OPEN_PER_PERSON_MAX,
  MAX_OPEN_PER_PERSON_MIN,
  type TeammateAvailability,
} from '../../schemas/assignment.ts';
import { REQUEST_BODY_MAX_BYTES } from '../../schemas/limits.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { bffRouter } from '../http/route.ts';
import type { AutoAssigner } from './auto-assigner.ts';
import type { Availability, TeamAvailability } from './team-availability.ts';

export interface AssignmentRoutesDeps {
  team: () => Promise<TeamAvailability>;
  assigner: AutoAssigner;
  /** Tells every dashboard that these people's availability changed. */
  announce: (userIds: string[]) => Promise<void>;
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };

/** A conversation handed back costs two store requests: a fresh read and the write. */
const HAND_BACK_REQUESTS = 2;

/** Whether a teammate's availability reads the same to everyone (GET /bff/availability's fields). */
const sameAvailability = (a: Availability, b: Availability) =>
  a.available === b.available &&
  a.chosen === b.chosen &&
  a.inactive === b.inactive &&
  a.awayHandBack === b.awayHandBack;

/**
 * Availability and the automatic assignment's settings (CSRF is checked before these run; a database
 * outage answers 503 `database_unavailable` through the app's error handler):
 * - GET /bff/availability: everyone on the roster with their availability and open conversations;
 * - PUT /bff/availability `{status, hand_back?, away_hand_back?}`: the signed-in person's choice (going
 *   away may hand their open conversations back to Unassigned: asked, or as their stored choice says);
 *   answers the team as GET does, with `handed_back`. Within the person's availability budget, and the
 *   hand-back's store requests within their store budget (429, and nothing changed, when either is spent);
 * - POST /bff/activity: input on one of the signed-in person's dashboards (no body; 204), which ends an
 *   auto-away;
 * - GET /bff/assignment-settings, PUT (owners) `{enabled, strategy, max_open_per_person,
 *   away_after_idle_minutes?, reply_assigns?}`.
 */
export function assignmentRoutes(deps: AssignmentRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);

  const teamAnswer = async (): Promise<TeammateAvailability[]> => {
    const roster = deps.access.directory.roster();
    const people = await (await deps.team()).of(roster.map((member) => member.id));
    const open = await deps.assigner.openCounts();
    return roster.map((member, index) => ({
      user_id: member.id,
      name: member.name,
      status: people[index]!.available ? 'available' : 'away',
      chosen: people[index]!.chosen,
      inactive: people[index]!.inactive,
      away_hand_back: people[index]!.awayHandBack,
      open_conversations: open.get(member.id) ?? 0,
    }));
  };

  router.get('/availability', { session: 'signed in' }, async (c) =>
    c.json({ data: await teamAnswer() }, 200, NO_STORE),
  );

  const availability = {
    schema: availabilityUpdateSchema,
    subject: 'your availability',
    hint: 'Send your availability as {status: "available" or "away", hand_back?: true or false, away_hand_back?: "ask", "hand_back" or "keep"} and nothing else.',
  };
  router.put('/availability', { session: 'signed in', body: availability }, async (c, { body }) => {
    const user = c.get('user');
    const team = await deps.team();
    const { status, hand_back: handBackAsked, away_hand_back: awayHandBack } = body;
    await c.get('spendWrite')({ kind: 'availability' });
    const [before] = await team.of([user.id]);
    const handBack =
      status === 'away' && (handBackAsked ?? (awayHandBack ?? before!.awayHandBack) === 'hand_back');
    // The hand-back's store requests are charged before anything changes: refused, nothing is.
    const held = handBack ? await deps.assigner.heldBy(user.id) : [];
    if (held.length > 0) await c.get('chargeStore')(HAND_BACK_REQUESTS * held.length);
    await team.choose(user.id, status, awayHandBack);
    // Choosing is done from an open dashboard.
    await team.seen([user.id]);
    const [me] = await team.of([user.id]);
    // Only a change is announced: choosing again what one has tells no one anything.
    if (!sameAvailability(before!, me!)) await deps.announce([user.id]);
    const handedBack = held.length > 0 ? await deps.assigner.handBack(user, held) : 0;
    return c.json({ data: await teamAnswer(), handed_back: handedBack }, 200, NO_STORE);
  });

  // No body is read, but one sent is still counted against the cap as it streams in.
  router.post('/activity', { session: 'signed in', bodyLimit: REQUEST_BODY_MAX_BYTES }, async (c) => {
    const user = c.get('user');
    if (await (await deps.team()).active(user.id)) await deps.announce([user.id]);
    return c.body(null, 204);
  });

  router.get('/assignment-settings', { session: 'signed in' }, async (c) =>
    c.json({ data: await (await deps.team()).settings() }, 200, NO_STORE),
  );

  const settings = {
    session: 'signed in',
    ownersOnly: { refusal: 'Only an owner can change the automatic assignment.' },
    body: {
      schema: assignmentSettingsSchema,
      subject: 'the assignment settings',
      hint: `Send the assignment settings as {enabled: true or false, strategy: "round_robin" or "fewest_open", max_open_per_person: ${MAX_OPEN_PER_PERSON_MIN} to ${MAX_OPEN_PER_PERSON_MAX}, away_after_idle_minutes?: ${AWAY_AFTER_IDLE_MINUTES.join(', ')} or null, reply_assigns?: true or false} and nothing else.`,
    },
  } as const;
  router.put('/assignment-settings', settings, async (c, { body }) => {
    await (await deps.team()).updateSettings(body);
    return c.json({ data: body }, 200, NO_STORE);
  });

  return router.routes;
}
