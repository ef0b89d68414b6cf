import type { Context, Hono } from 'hono';
import { z } from 'zod/mini';
import {
  inviteRequestSchema,
  roleChangeSchema,
  type TeamLink,
  type TeamOverview,
} from '../../schemas/team.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { bffRouter, pathParam } from '../http/route.ts';
import { securityEvent } from '../http/security-events.ts';
import type { People } from '../users/people.ts';
import type { IssuedLink } from '../users/team-links.ts';
import type { SendLinkMail } from './link-mail.ts';
import { refusalResponse, refused } from './team-refusals.ts';

export interface TeamRoutesDeps {
  people: () => Promise<People>;
  /** Reads the people again after a change made here, so this process serves it at once. */
  refresh: () => Promise<void>;
  access: RouteAccess;
  publicOrigin: string;
  /** Mails invitation and reset links too (SMTP_URL); without it they are only shown to the owner. */
  mailLink?: SendLinkMail;
}

const NO_STORE = { 'cache-control': 'no-store' };
/** A person's id in a path: the database's ids are positive integers, anything else names nobody. */
const personId = pathParam(z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,14}$/)), z.transform(Number)), () =>
  refused('person_not_found'),
);

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
  const router = bffRouter(deps.access);
  const { sessions, directory, logger } = deps.access;
  const owners = {
    session: 'signed in',
    ownersOnly: { refusal: 'Only an owner can see and change the team.', logged: true },
  } as const;
  const person = { ...owners, params: { id: personId } } as const;
  const actorOf = (c: Context<AppEnv>) => ({ id: c.get('user').id, name: c.get('user').name });
  /** Ends every session of someone whose access changed, on every replica, and logs it. */
  const endSessionsOf = async (c: Context<AppEnv>, email: string | null, reason: string) => {
    if (!email) return;
    const ended = await sessions.destroyAllOf(email);
    securityEvent(logger, c, 'auth.session_revoked', { email, reason, sessions: ended });
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

  router.get('/team', owners, async (c) => {
    const people = await deps.people();
    const [members, seen, events] = await Promise.all([
      people.list(),
      people.storeUsersSeen(),
      people.events(),
    ]);
    const names = new Map(directory.roster().map((member) => [member.id, member.name]));
    const onTeam = new Set(members.map((member) => member.store_user_id));
    const storeUsers = [...new Set([...names.keys(), ...seen])]
      .filter((id) => !onTeam.has(id))
      .map((id) => ({ id, name: names.get(id) ?? null }));
    const overview: TeamOverview = { people: members, store_users: storeUsers, events };
    return c.json({ data: overview }, 200, NO_STORE);
  });

  const invitation = {
    schema: inviteRequestSchema,
    subject: 'the invitation',
    hint: 'Send {email, name, role, store_user_id}: an email address, a name, owner or staff, and a store user id.',
  };
  router.post('/team/invitations', { ...owners, body: invitation }, async (c, { body }) =>
    linkAnswer(c, 'invite', async () => (await deps.people()).links.invite(body, actorOf(c)), 201),
  );

  router.post('/team/people/:id/invitation', person, async (c, { params }) =>
    linkAnswer(c, 'invite', async () => (await deps.people()).links.resendInvite(params.id, actorOf(c)), 200),
  );
  router.delete('/team/people/:id/invitation', person, async (c, { params }) => {
    try {
      await (await deps.people()).links.revokeInvite(params.id, actorOf(c));
    } catch (error) {
      return refusalResponse(error);
    }
    return c.body(null, 204, NO_STORE);
  });

  router.post('/team/people/:id/reset-link', person, async (c, { params }) =>
    linkAnswer(c, 'reset', async () => (await deps.people()).links.resetLink(params.id, actorOf(c)), 200),
  );

  const role = { schema: roleChangeSchema, subject: 'the role', hint: 'Send {role}: owner or staff.' };
  router.put('/team/people/:id/role', { ...person, body: role }, async (c, { params, body }) => {
    try {
      const before = await (await deps.people()).changeRole(params.id, body.role, actorOf(c));
      await deps.refresh();
      if (before.role !== body.role) await endSessionsOf(c, before.email, 'role_changed');
    } catch (error) {
      return refusalResponse(error);
    }
    return c.body(null, 204, NO_STORE);
  });

  router.delete('/team/people/:id', person, async (c, { params }) => {
    try {
      const removed = await (await deps.people()).remove(params.id, actorOf(c));
      await deps.refresh();
      await endSessionsOf(c, removed.email, 'user_removed');
    } catch (error) {
      return refusalResponse(error);
    }
    return c.body(null, 204, NO_STORE);
  });

  return router.routes;
}
