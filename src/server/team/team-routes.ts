import { Hono, type Context } from 'hono';
import { ownerOnly } from '../auth/owner-only.ts';
import {
  inviteRequestSchema,
  roleChangeSchema,
  type TeamLink,
  type TeamOverview,
} from '../../schemas/team.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { limitBody } from '../http/body-limit.ts';
import { readJsonBodyAs } from '../http/json-body.ts';
import type { Logger } from '../log/logger.ts';
import { securityEvent } from '../http/security-events.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import type { People } from '../users/people.ts';
import type { IssuedLink } from '../users/team-links.ts';
import type { SendLinkMail } from './link-mail.ts';
import { refusalResponse } from './team-refusals.ts';

export interface TeamRoutesDeps {
  people: () => Promise<People>;
  /** Reads the people again after a change made here, so this process serves it at once. */
  refresh: () => Promise<void>;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
  publicOrigin: string;
  logger: Logger;
  /** Mails invitation and reset links too (SMTP_URL); without it they are only shown to the owner. */
  mailLink?: SendLinkMail;
}

const NO_STORE = { 'cache-control': 'no-store' };
const ID_PATTERN = /^[1-9][0-9]{0,14}$/;

/** The link's address: the page that accepts it, the token in the fragment (never sent to a server's log). */
export const linkUrl = (publicOrigin: string, link: IssuedLink) => `${publicOrigin}/join#${link.token}`;

/**
 * The Team screen's routes (owners; staff get 403 role_forbidden; CSRF is checked before these run):
 * - GET /bff/team: the people, the store users offered for an invitation, the team's history;
 * - POST /bff/team/invitations `{email, name, role, store_user_id}`: a new invitation and its link;
 * - POST and DELETE /bff/team/people/{id}/invitation: a new link (the old one ends), or withdraw it;
 * - PUT /bff/team/people/{id}/role `{role}`; POST /bff/team/people/{id}/reset-link;
 * - DELETE /bff/team/people/{id}: removes them; their sessions end everywhere.
 */
export function teamRoutes(deps: TeamRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);
  const owner = ownerOnly('Only an owner can see and change the team.', deps.logger);
  const actorOf = (c: Context<AppEnv>) => ({ id: c.get('user').id, name: c.get('user').name });
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    return ID_PATTERN.test(id) ? Number(id) : 0;
  };
  /** Ends every session of someone whose access changed, on every replica, and logs it. */
  const endSessionsOf = async (c: Context<AppEnv>, email: string | null, reason: string) => {
    if (!email) return;
    const ended = await deps.sessions.destroyAllOf(email);
    securityEvent(deps.logger, c, 'auth.session_revoked', { email, reason, sessions: ended });
  };
  const linkAnswer = async (
    c: Context<AppEnv>,
    kind: 'invite' | 'reset',
    issue: () => Promise<IssuedLink>,
    status: 200 | 201,
  ) => {
    let link: IssuedLink;
    try {
      link = await issue();
    } catch (error) {
      return refusalResponse(error);
    }
    await deps.refresh();
    const url = linkUrl(deps.publicOrigin, link);
    const { email, name } = link.person;
    const mailed =
      deps.mailLink !== undefined &&
      email !== null &&
      (await deps.mailLink({
        to: email,
        name,
        kind,
        url,
        expiresAt: link.expiresAt,
        invitedBy: c.get('user').name,
      }));
    const answer: TeamLink = { url, expires_at: link.expiresAt.toISOString(), mailed };
    return c.json({ data: answer }, status, NO_STORE);
  };

  routes.get('/team', route('/bff/team'), session, owner, async (c) => {
    const people = await deps.people();
    const [members, seen, events] = await Promise.all([
      people.list(),
      people.storeUsersSeen(),
      people.events(),
    ]);
    const names = new Map(deps.directory.roster().map((member) => [member.id, member.name]));
    const onTeam = new Set(members.map((member) => member.store_user_id));
    const storeUsers = [...new Set([...names.keys(), ...seen])]
      .filter((id) => !onTeam.has(id))
      .map((id) => ({ id, name: names.get(id) ?? null }));
    const overview: TeamOverview = { people: members, store_users: storeUsers, events };
    return c.json({ data: overview }, 200, NO_STORE);
  });

  routes.post('/team/invitations', route('/bff/team/invitations'), session, owner, limitBody(), async (c) => {
    const input = await readJsonBodyAs(
      c,
      inviteRequestSchema,
      'the invitation',
      'Send {email, name, role, store_user_id}: an email address, a name, owner or staff, and a store user id.',
    );
    if (!input.ok) return input.response;
    return linkAnswer(
      c,
      'invite',
      async () => (await deps.people()).links.invite(input.value, actorOf(c)),
      201,
    );
  });

  const invitation = '/team/people/:id/invitation';
  routes.post(invitation, route('/bff/team/people/{id}/invitation'), session, owner, async (c) =>
    linkAnswer(c, 'invite', async () => (await deps.people()).links.resendInvite(idOf(c), actorOf(c)), 200),
  );
  routes.delete(invitation, route('/bff/team/people/{id}/invitation'), session, owner, async (c) => {
    try {
      await (await deps.people()).links.revokeInvite(idOf(c), actorOf(c));
    } catch (error) {
      return refusalResponse(error);
    }
    return c.body(null, 204, NO_STORE);
  });

  routes.post(
    '/team/people/:id/reset-link',
    route('/bff/team/people/{id}/reset-link'),
    session,
    owner,
    async (c) =>
      linkAnswer(c, 'reset', async () => (await deps.people()).links.resetLink(idOf(c), actorOf(c)), 200),
  );

  routes.put(
    '/team/people/:id/role',
    route('/bff/team/people/{id}/role'),
    session,
    owner,
    limitBody(),
    async (c) => {
      const input = await readJsonBodyAs(c, roleChangeSchema, 'the role', 'Send {role}: owner or staff.');
      if (!input.ok) return input.response;
      try {
        const before = await (await deps.people()).changeRole(idOf(c), input.value.role, actorOf(c));
        await deps.refresh();
        if (before.role !== input.value.role) await endSessionsOf(c, before.email, 'role_changed');
      } catch (error) {
        return refusalResponse(error);
      }
      return c.body(null, 204, NO_STORE);
    },
  );

  routes.delete('/team/people/:id', route('/bff/team/people/{id}'), session, owner, async (c) => {
    try {
      const removed = await (await deps.people()).remove(idOf(c), actorOf(c));
      await deps.refresh();
      await endSessionsOf(c, removed.email, 'user_removed');
    } catch (error) {
      return refusalResponse(error);
    }
    return c.body(null, 204, NO_STORE);
  });

  return routes;
}
