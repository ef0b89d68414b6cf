import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Role } from '../../schemas/bff.ts';
import type { TeamEvent, TeamMember } from '../../schemas/team.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { availability, conversations, people, personLinks, settings, teamEvents } from '../db/schema.ts';
import type { DirectoryEntries } from './directory.ts';
import { REQUIREMENT_KEY, secondFactorRequiredOf } from './second-factor.ts';
import { TeamLinks } from './team-links.ts';
import {
  endLinks,
  lockOwners,
  lockPerson,
  notRemoved,
  recordTeamEvent,
  teamWrite,
  TeamRefusalError,
  type PersonRow,
  type TeamActor,
} from './team-writes.ts';

/** Who the team's history names for a change made with npm run users:add. */
export const COMMAND_LINE: TeamActor = { id: 'cli', name: 'The command line' };

/** Someone to import (the users file, the demo's accounts, the command line). */
export interface PersonToImport {
  email?: string | undefined;
  name: string;
  role: Role;
  storeUserId: string;
  passwordHash?: string | null | undefined;
}

/**
 * The dashboard's people in its database: who may sign in (email, role, password hash), who they act as
 * in the store, and the history of the team's changes (their one-time links: `links`). Every write that could leave
 * the store without an owner locks the owners' rows first, so two owners demoting each other at once
 * cannot both succeed.
 */
export class People {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.links = new TeamLinks(db, now);
  }

  /** Invitations and password resets. */
  readonly links: TeamLinks;

  /**
   * What the directory serves: the active people with a login (each knowing whether the owners' requirement
   * asks a second factor of them), every other active roster member, and the names of removed people
   * (kept on the notes and history lines they wrote).
   */
  async directoryEntries(): Promise<DirectoryEntries> {
    const [rows, [requirement]] = await withDatabase(() =>
      Promise.all([
        this.db.select().from(people),
        this.db.select().from(settings).where(eq(settings.key, REQUIREMENT_KEY)),
      ]),
    );
    const entries: Required<DirectoryEntries> = { users: [], rosterOnly: [], former: [] };
    for (const row of rows) {
      if (row.status === 'removed') entries.former.push({ id: row.storeUserId, name: row.name });
      else if (row.status !== 'active') continue;
      else if (row.email && row.passwordHash)
        entries.users.push({
          id: row.storeUserId,
          email: row.email,
          name: row.name,
          role: row.role,
          passwordHash: row.passwordHash,
          secondFactor: row.totpSecret !== null,
          secondFactorRequired: secondFactorRequiredOf(requirement?.value, row.role),
        });
      else entries.rosterOnly.push({ id: row.storeUserId, name: row.name });
    }
    return entries;
  }

  /**
   * Imports people when the table has none yet (the users file of an existing deployment, the demo's
   * accounts): how many were imported, or null when there were people already (nothing is changed, and
   * `read` is not called: a deployment that moved to the database may have deleted its users file).
   */
  async importOnce(read: () => Promise<PersonToImport[]>, createdBy: string): Promise<number | null> {
    return withDatabase(() =>
      this.db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${people} in exclusive mode`);
        const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(people)) as [
          { count: number },
        ];
        if (count > 0) return null;
        const entries = await read();
        if (entries.length === 0) return 0;
        const at = new Date(this.now());
        await tx.insert(people).values(
          entries.map((entry) => ({
            email: entry.email ?? null,
            name: entry.name,
            role: entry.role,
            storeUserId: entry.storeUserId,
            status: 'active' as const,
            passwordHash: entry.passwordHash ?? null,
            createdBy,
            createdAt: at,
            updatedAt: at,
          })),
        );
        return entries.length;
      }),
    );
  }

  /**
   * The command line's add: a new person, or (with `replace`) new details for the one holding this
   * email or store user id. Answers whether it added or updated; a clash without `replace` is refused.
   */
  async put(entry: PersonToImport, replace: boolean): Promise<'added' | 'updated'> {
    return withDatabase(() =>
      this.db.transaction(async (tx) => {
        const clashes = await tx
          .select()
          .from(people)
          .where(
            and(
              notRemoved,
              entry.email
                ? sql`(lower(${people.email}) = ${entry.email} or ${people.storeUserId} = ${entry.storeUserId})`
                : eq(people.storeUserId, entry.storeUserId),
            ),
          );
        if (clashes.length > 0 && !replace) throw new TeamRefusalError('person_exists');
        const at = new Date(this.now());
        if (clashes.length > 0)
          await tx
            .update(people)
            .set({ status: 'removed', passwordHash: null, updatedAt: at })
            .where(
              inArray(
                people.id,
                clashes.map((row) => row.id),
              ),
            );
        const [person] = await tx
          .insert(people)
          .values({
            email: entry.email ?? null,
            name: entry.name,
            role: entry.role,
            storeUserId: entry.storeUserId,
            status: 'active',
            passwordHash: entry.passwordHash ?? null,
            createdBy: COMMAND_LINE.id,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        const outcome = clashes.length > 0 ? 'updated' : 'added';
        await recordTeamEvent(tx, at, outcome === 'added' ? 'added' : 'replaced', COMMAND_LINE, person!, {
          role: entry.role,
        });
        return outcome;
      }),
    );
  }

  /** Everyone not removed, owners first, with their last activity (availability) and open invitation. */
  async list(): Promise<TeamMember[]> {
    const rows = await withDatabase(() =>
      this.db
        .select({
          person: people,
          activeAt: availability.activeAt,
          seenAt: availability.seenAt,
          inviteExpiresAt: sql<Date | null>`(select max(${personLinks.expiresAt}) from ${personLinks}
            where ${personLinks.personId} = ${people.id} and ${personLinks.kind} = 'invite'
            and ${personLinks.usedAt} is null and ${personLinks.revokedAt} is null)`.mapWith((value) =>
            value === null ? null : new Date(value as string),
          ),
        })
        .from(people)
        .leftJoin(availability, eq(availability.userId, people.storeUserId))
        .where(notRemoved)
        .orderBy(people.role, sql`lower(${people.name})`),
    );
    return rows.map(({ person, activeAt, seenAt, inviteExpiresAt }) => {
      const lastActive = [activeAt, seenAt]
        .filter((at): at is Date => at !== null)
        .sort((a, b) => +b - +a)[0];
      return {
        id: String(person.id),
        email: person.email,
        name: person.name,
        role: person.role,
        store_user_id: person.storeUserId,
        status: person.status,
        can_sign_in: person.passwordHash !== null,
        last_active_at: lastActive?.toISOString() ?? null,
        invite_expires_at: person.status === 'invited' ? (inviteExpiresAt?.toISOString() ?? null) : null,
      };
    });
  }

  /** The store users the team has seen (assignees of the copied conversations), with no person yet. */
  async storeUsersSeen(): Promise<string[]> {
    const rows = await withDatabase(() =>
      this.db
        .selectDistinct({ id: conversations.assignedTo })
        .from(conversations)
        .where(
          and(
            isNotNull(conversations.assignedTo),
            sql`${conversations.assignedTo} not in (select ${people.storeUserId} from ${people} where ${notRemoved})`,
          ),
        )
        .orderBy(conversations.assignedTo)
        .limit(200),
    );
    return rows.flatMap((row) => (row.id ? [row.id] : []));
  }

  async events(limit = 100): Promise<TeamEvent[]> {
    const rows = await withDatabase(() =>
      this.db.select().from(teamEvents).orderBy(desc(teamEvents.at), desc(teamEvents.id)).limit(limit),
    );
    return rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      kind: row.kind as TeamEvent['kind'],
      actor: row.actorName,
      subject: row.subjectName,
      detail: row.detail,
    }));
  }

  /** A new role; refused when it would leave no active owner. Answers the person as they were. */
  async changeRole(personId: number, role: Role, actor: TeamActor): Promise<PersonRow> {
    return teamWrite(this.db, this.now, async (tx, at) => {
      const owners = await lockOwners(tx);
      const person = await lockPerson(tx, personId);
      if (person.role === role) return person;
      if (person.role === 'owner' && person.status === 'active' && owners.length <= 1)
        throw new TeamRefusalError('last_owner');
      await tx.update(people).set({ role, updatedAt: at }).where(eq(people.id, personId));
      await recordTeamEvent(tx, at, 'role_changed', actor, person, { from: person.role, to: role });
      return person;
    });
  }

  /** Removes a person (kept as removed, so their name stays on what they did); never the last owner. */
  async remove(personId: number, actor: TeamActor): Promise<PersonRow> {
    return teamWrite(this.db, this.now, async (tx, at) => {
      const owners = await lockOwners(tx);
      const person = await lockPerson(tx, personId);
      if (person.role === 'owner' && person.status === 'active' && owners.length <= 1)
        throw new TeamRefusalError('last_owner');
      await tx
        .update(people)
        .set({ status: 'removed', passwordHash: null, updatedAt: at })
        .where(eq(people.id, personId));
      await endLinks(tx, at, personId);
      await recordTeamEvent(tx, at, 'removed', actor, person);
      return person;
    });
  }

  /** One's own new password (the caller checked the current one). */
  async setPassword(storeUserId: string, passwordHash: string): Promise<void> {
    await withDatabase(() =>
      this.db
        .update(people)
        .set({ passwordHash, updatedAt: new Date(this.now()) })
        .where(and(eq(people.storeUserId, storeUserId), eq(people.status, 'active'))),
    );
  }
}
