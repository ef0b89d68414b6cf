import { createHash } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TeamEvent } from '../../schemas/team.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { people, personLinks, teamEvents } from '../db/schema.ts';

/** Who made a team change: the signed-in owner's store user id and name. */
export type TeamActor = { id: string; name: string };

export type PersonRow = typeof people.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A refusal the routes turn into a clear message; nothing was changed. */
export type TeamRefusal =
  | 'person_not_found'
  | 'person_exists'
  | 'store_user_taken'
  | 'last_owner'
  | 'not_invited'
  | 'not_active'
  | 'link_unknown'
  | 'link_expired'
  | 'link_used';

export class TeamRefusalError extends Error {
  constructor(readonly reason: TeamRefusal) {
    super(reason);
    this.name = 'TeamRefusalError';
  }
}

export const linkDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

export const notRemoved = ne(people.status, 'removed');

/** Postgres' unique_violation, on the driver's error or on the one Drizzle wraps it in. */
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return code === '23505' || (cause !== undefined && cause !== error && isUniqueViolation(cause));
}

/** One team change in one transaction, at one time. */
export function teamWrite<T>(db: Db, now: () => number, run: (tx: Tx, at: Date) => Promise<T>): Promise<T> {
  return withDatabase(() => db.transaction((tx) => run(tx, new Date(now())))).catch((error: unknown) => {
    // Two invitations of one email at the same moment: the index refuses the second.
    if (isUniqueViolation(error)) throw new TeamRefusalError('person_exists');
    throw error;
  });
}

/** The person (not removed), locked for this change. */
export async function lockPerson(tx: Tx, personId: number): Promise<PersonRow> {
  const [person] = await tx
    .select()
    .from(people)
    .where(and(eq(people.id, personId), notRemoved))
    .for('update');
  if (!person) throw new TeamRefusalError('person_not_found');
  return person;
}

/** The active owners, locked: whoever wants one fewer waits for whoever is making one fewer. */
export function lockOwners(tx: Tx) {
  return tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.role, 'owner'), eq(people.status, 'active')))
    .for('update');
}

/** Ends the person's links not used yet. */
export async function endLinks(tx: Tx, at: Date, personId: number): Promise<void> {
  await tx
    .update(personLinks)
    .set({ revokedAt: at })
    .where(
      and(eq(personLinks.personId, personId), isNull(personLinks.usedAt), isNull(personLinks.revokedAt)),
    );
}

/** A line of the team's history. */
export async function recordTeamEvent(
  tx: Tx,
  at: Date,
  kind: TeamEvent['kind'],
  actor: TeamActor,
  subject: PersonRow,
  detail: Record<string, string> = {},
): Promise<void> {
  await tx.insert(teamEvents).values({
    at,
    kind,
    actorUserId: actor.id,
    actorName: actor.name,
    subjectName: subject.name,
    subjectEmail: subject.email,
    detail,
  });
}
