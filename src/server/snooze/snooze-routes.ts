import type { Hono } from 'hono';
import { z } from 'zod/mini';
import type { Conversation } from '../../schemas/conversation.ts';
import { SNOOZE_AHEAD_MAX_DAYS, SNOOZING_CONVERSATIONS_MAX } from '../../schemas/limits.ts';
import { bulkSnoozeSchema, SNOOZE_ERROR_CODES, snoozeRequestSchema } from '../../schemas/snooze.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { bffRouter, conversationIdParam, pathParam } from '../http/route.ts';
import { UpstreamUnavailableError, type StoreCharge } from '../inbox/inbox-service.ts';
import type { SnoozeStore, SnoozeTarget } from './snooze-store.ts';

export interface SnoozeRoutesDeps {
  snoozes: () => Promise<SnoozeStore>;
  /**
   * The conversation as the read model has it, else as one GET of the store answers it (InboxService.lookUp);
   * undefined when the store has none. Never a write.
   */
  lookUp: (conversationId: string, charge: StoreCharge) => Promise<Conversation | undefined>;
  now: () => number;
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };
const DAY_MS = 86_400_000;
const UNTIL_SHAPE = `until: a time within ${SNOOZE_AHEAD_MAX_DAYS} days (RFC 3339, such as 2026-11-27T09:00:00Z) or null for "until the shopper writes"`;

/** A refusal of one conversation: the standard envelope's status, code and message. */
interface Refusal {
  status: number;
  code: string;
  message: string;
}

/** The time to wake at, or why it cannot be taken (422): not after now, or too far ahead. */
function wakeTime(until: string | null, now: number): { ok: true; until: Date | null } | Refusal {
  if (until === null) return { ok: true, until: null };
  const at = Date.parse(until);
  if (at <= now)
    return {
      status: 422,
      code: SNOOZE_ERROR_CODES.inPast,
      message: 'That time has passed: snooze until a time after now.',
    };
  if (at > now + SNOOZE_AHEAD_MAX_DAYS * DAY_MS)
    return {
      status: 422,
      code: SNOOZE_ERROR_CODES.tooFar,
      message: `A snooze can last at most ${SNOOZE_AHEAD_MAX_DAYS} days.`,
    };
  return { ok: true, until: new Date(at) };
}

const notSnoozed = () =>
  errorResponse(404, 'snooze_not_found', 'That conversation is not snoozed.', { resource: 'snooze' });

const refuse = (refusal: Refusal, field?: string) =>
  errorResponse(refusal.status, refusal.code, refusal.message, field ? { field } : {});

/**
 * Snoozing conversations, the dashboard's own data (never sent to the Commerce API), for staff and
 * owners. CSRF is checked before these run; a database outage answers 503 `database_unavailable` through
 * the app's error handler.
 * - GET /bff/conversations/{id}/snooze: its snooze, asleep or woken and not yet seen (null: none), for
 *   the open conversation;
 * - PUT /bff/conversations/{id}/snooze `{until}`: snoozes it (again), 200 with the snooze;
 * - DELETE /bff/conversations/{id}/snooze: wakes it, or dismisses its woken mark; 204, 404 when none;
 * - POST /bff/snoozes `{conversation_ids, until}`: the bulk selection, each snoozed or refused with why.
 */
export function snoozeRoutes(deps: SnoozeRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);

  /** Whether this conversation may be snoozed: the target, or the refusal (unknown, closed, store unreachable). */
  const targetOf = async (
    conversationId: string,
    charge: StoreCharge,
  ): Promise<{ ok: true; target: SnoozeTarget } | Refusal> => {
    let found: Awaited<ReturnType<SnoozeRoutesDeps['lookUp']>>;
    try {
      found = await deps.lookUp(conversationId, charge);
    } catch (error) {
      if (!(error instanceof UpstreamUnavailableError)) throw error;
      return {
        status: 503,
        code: 'upstream_unreachable',
        message:
          'The store cannot say right now whether this conversation is open, so it was not snoozed. Try again in a moment.',
      };
    }
    if (!found)
      return {
        status: 404,
        code: SNOOZE_ERROR_CODES.unknownConversation,
        message: 'That conversation does not exist in the store.',
      };
    if (found.status === 'closed')
      return {
        status: 409,
        code: SNOOZE_ERROR_CODES.closed,
        message: 'A closed conversation cannot be snoozed: reopen it first.',
      };
    return { ok: true, target: { conversationId, shopperAfter: found.updated_at } };
  };

  const snoozeBody = {
    schema: snoozeRequestSchema,
    subject: 'the snooze',
    hint: `Send the snooze as {${UNTIL_SHAPE}} and nothing else.`,
  };
  const oneConversation = { session: 'signed in', params: { id: conversationIdParam } } as const;
  router.put(
    '/conversations/:id/snooze',
    { ...oneConversation, body: snoozeBody },
    async (c, { params, body }) => {
      await c.get('spendWrite')({ kind: 'snoozes' });
      const time = wakeTime(body.until, deps.now());
      if (!('ok' in time)) return refuse(time, 'until');
      const target = await targetOf(params.id, c.get('chargeStore'));
      if (!('ok' in target)) return refuse(target);
      const snooze = await (await deps.snoozes()).snooze([target.target], time.until, c.get('user').id);
      return c.json({ data: snooze }, 200, NO_STORE);
    },
  );

  router.get('/conversations/:id/snooze', oneConversation, async (c, { params }) =>
    c.json({ data: await (await deps.snoozes()).forConversation(params.id) }, 200, NO_STORE),
  );

  // No id at all names no snooze either.
  const snoozed = { session: 'signed in', params: { id: pathParam(z.string(), notSnoozed) } } as const;
  router.delete('/conversations/:id/snooze', snoozed, async (c, { params }) => {
    await c.get('spendWrite')({ kind: 'snoozes' });
    if (!(await (await deps.snoozes()).unsnooze(params.id, c.get('user').id))) return notSnoozed();
    return new Response(null, { status: 204, headers: NO_STORE });
  });

  const bulkBody = {
    schema: bulkSnoozeSchema,
    subject: 'the snooze',
    hint: `Send the snooze as {conversation_ids: 1 to ${SNOOZING_CONVERSATIONS_MAX} ids, ${UNTIL_SHAPE}} and nothing else.`,
  };
  router.post('/snoozes', { session: 'signed in', body: bulkBody }, async (c, { body }) => {
    await c.get('spendWrite')({ kind: 'snoozes' });
    const time = wakeTime(body.until, deps.now());
    if (!('ok' in time)) return refuse(time, 'until');
    const targets: SnoozeTarget[] = [];
    const refused: { conversation_id: string; code: string; message: string }[] = [];
    for (const id of new Set(body.conversation_ids)) {
      const target = await targetOf(id, c.get('chargeStore'));
      if ('ok' in target) targets.push(target.target);
      else refused.push({ conversation_id: id, code: target.code, message: target.message });
    }
    if (targets.length > 0) await (await deps.snoozes()).snooze(targets, time.until, c.get('user').id);
    return c.json(
      { data: { snoozed: targets.map((target) => target.conversationId), refused } },
      200,
      NO_STORE,
    );
  });

  return router.routes;
}
