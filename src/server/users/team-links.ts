import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InviteRequest } from '../../schemas/team.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { people, personLinks } from '../db/schema.ts';
import {
  endLinks,
  linkDigest,
  lockPerson,
  notRemoved,
  recordTeamEvent,
  teamWrite,
  TeamRefusalError,
  type PersonRow,
  type TeamActor,
  type Tx,
} from './team-writes.ts';

/** How long an invitation or a reset link stays valid. */
export const LINK_LIFETIME_MS = 7 * 24 * 3_600_000;

/** A fresh one-time link: the token goes to the owner (once), only its digest is kept. */
export interface IssuedLink {
  token: string;
  expiresAt: Date;
  person: PersonRow;
}

/**
 * Invitations and password resets: one-time links valid for LINK_LIFETIME_MS, of which only a digest is
 * kept. A new link for a person ends their earlier ones; using one locks it, so it works once.
 */
export class TeamLinks {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private write<T>(run: (tx: Tx, at: Date) => Promise<T>): Promise<T> {
    return teamWrite(this.db, this.now, run);
  }

  /** A new invited person and their link; refused when the email or the store user has someone already. */
  async invite(request: InviteRequest, actor: TeamActor): Promise<IssuedLink> {
    return this.write(async (tx, at) => {
      const taken = await tx
        .select({ email: people.email })
        .from(people)
        .where(
          and(
            notRemoved,
            sql`(lower(${people.email}) = ${request.email} or ${people.storeUserId} = ${request.store_user_id})`,
          ),
        );
      if (taken.some((row) => row.email?.toLowerCase() === request.email))
        throw new TeamRefusalError('person_exists');
      if (taken.length > 0) throw new TeamRefusalError('store_user_taken');
      const [person] = await tx
        .insert(people)
        .values({
          email: request.email,
          name: request.name,
          role: request.role,
          storeUserId: request.store_user_id,
          status: 'invited',
          createdBy: actor.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await recordTeamEvent(tx, at, 'invited', actor, person!, { role: request.role });
      return this.issue(tx, at, person!, 'invite', actor);
    });
  }

  /** A new link for an invited person (the earlier one stops working). */
  async resendInvite(personId: number, actor: TeamActor): Promise<IssuedLink> {
    return this.write(async (tx, at) => {
      const person = await lockPerson(tx, personId);
      if (person.status !== 'invited') throw new TeamRefusalError('not_invited');
      await recordTeamEvent(tx, at, 'invite_resent', actor, person);
      return this.issue(tx, at, person, 'invite', actor);
    });
  }

  /** Withdraws an invitation: its link stops working and the person is no longer on the team. */
  async revokeInvite(personId: number, actor: TeamActor): Promise<void> {
    await this.write(async (tx, at) => {
      const person = await lockPerson(tx, personId);
      if (person.status !== 'invited') throw new TeamRefusalError('not_invited');
      await tx.update(people).set({ status: 'removed', updatedAt: at }).where(eq(people.id, personId));
      await endLinks(tx, at, personId);
      await recordTeamEvent(tx, at, 'invite_revoked', actor, person);
    });
  }

  /** A one-time link with which an active person sets a new password. */
  async resetLink(personId: number, actor: TeamActor): Promise<IssuedLink> {
    return this.write(async (tx, at) => {
      const person = await lockPerson(tx, personId);
      if (person.status !== 'active' || !person.email) throw new TeamRefusalError('not_active');
      await recordTeamEvent(tx, at, 'reset_link', actor, person);
      return this.issue(tx, at, person, 'reset', actor);
    });
  }

  /** Who a link is for, or why it no longer works. */
  async openLink(token: string): Promise<{ kind: 'invite' | 'reset'; person: PersonRow }> {
    return withDatabase(() =>
      this.db.transaction(async (tx) => this.usableLink(tx, token, new Date(this.now()), false)),
    );
  }

  /**
   * Uses a link once: an invitation makes the person active with this name and password, a reset link
   * sets the password. Answers the person as they are now.
   */
  async useLink(token: string, passwordHash: string, name: string | undefined): Promise<PersonRow> {
    return this.write(async (tx, at) => {
      const { kind, person } = await this.usableLink(tx, token, at, true);
      await tx
        .update(personLinks)
        .set({ usedAt: at })
        .where(eq(personLinks.tokenDigest, linkDigest(token)));
      const [updated] = await tx
        .update(people)
        .set({
          status: 'active',
          passwordHash,
          ...(kind === 'invite' && name ? { name } : {}),
          updatedAt: at,
        })
        .where(eq(people.id, person.id))
        .returning();
      const self = { id: person.storeUserId, name: updated!.name };
      await recordTeamEvent(tx, at, kind === 'invite' ? 'joined' : 'password_reset', self, updated!);
      return updated!;
    });
  }

  private async usableLink(tx: Tx, token: string, at: Date, lock: boolean) {
    const query = tx
      .select({ link: personLinks, person: people })
      .from(personLinks)
      .innerJoin(people, eq(people.id, personLinks.personId))
      .where(eq(personLinks.tokenDigest, linkDigest(token)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || row.link.revokedAt !== null || row.person.status === 'removed')
      throw new TeamRefusalError('link_unknown');
    if (row.link.usedAt !== null) throw new TeamRefusalError('link_used');
    if (row.link.expiresAt <= at) throw new TeamRefusalError('link_expired');
    return { kind: row.link.kind, person: row.person };
  }

  /** Ends the person's open links, then makes a new one. */
  private async issue(
    tx: Tx,
    at: Date,
    person: PersonRow,
    kind: 'invite' | 'reset',
    actor: TeamActor,
  ): Promise<IssuedLink> {
    await endLinks(tx, at, person.id);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(at.getTime() + LINK_LIFETIME_MS);
    await tx.insert(personLinks).values({
      tokenDigest: linkDigest(token),
      personId: person.id,
      kind,
      createdBy: actor.id,
      createdAt: at,
      expiresAt,
    });
    return { token, expiresAt, person };
  }
}
