import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { encode } from 'uqr';
import type { Role } from '../../schemas/bff.ts';
import type { SecondFactorRequirement } from '../../schemas/team.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { people, settings, teamEvents } from '../db/schema.ts';
import type { TeamActor } from './team-writes.ts';

const ISSUER = 'Sales assistant dashboard';
const PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const REQUIREMENT_KEY = 'second_factor_required';

/** Whether the owners' requirement (the setting's value) asks a second factor of someone with this role. */
export const secondFactorRequiredOf = (requirement: unknown, role: Role): boolean =>
  requirement === 'everyone' || (requirement === 'owners' && role === 'owner');

/** What a code given at sign-in turned out to be. */
export type CodeCheck = 'ok' | 'wrong' | 'reused' | 'recovery_used' | 'not_set_up';

const totpOf = (secret: string, email: string) =>
  new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

/** Recovery codes are typed by hand: upper-case, without spaces or dashes, before hashing. */
const normalised = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const digestOf = (code: string) => createHash('sha256').update(normalised(code)).digest('base64url');

/** Ten letters and digits (50 bits) shown as XXXXX-XXXXX; no 0/O or 1/I to misread. */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  const text = [...bytes].map((byte) => alphabet[byte % 32]).join('');
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/**
 * A person's second factor: a TOTP secret (RFC 6238, through otpauth) set up in two steps (a pending
 * secret until a first code proves the app has it), ten one-time recovery codes kept as digests, and the
 * owners' requirement. A TOTP code is accepted one step either side of now, and never twice: the step
 * last used is kept, so a code seen over a shoulder cannot be replayed within its 90 seconds.
 */
export class SecondFactors {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A new pending secret for the person: its key, the otpauth:// address and its QR code's modules. */
  async begin(storeUserId: string, email: string) {
    const secret = new Secret({ size: 20 }).base32;
    await this.update(storeUserId, { totpPending: secret });
    const uri = totpOf(secret, email).toString();
    return { secret, uri, qr: encode(uri, { ecc: 'M', border: 0 }).data };
  }

  /** Turns the pending secret on if the code matches it; answers the recovery codes (shown once), or null. */
  async confirm(storeUserId: string, email: string, code: string): Promise<string[] | null> {
    return withDatabase(() =>
      this.db.transaction(async (tx) => {
        const [person] = await tx
          .select()
          .from(people)
          .where(and(eq(people.storeUserId, storeUserId), eq(people.status, 'active')))
          .for('update');
        if (!person?.totpPending) return null;
        const step = this.stepOf(totpOf(person.totpPending, email), code);
        if (step === null) return null;
        const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        await tx
          .update(people)
          .set({
            totpSecret: person.totpPending,
            totpPending: null,
            totpLastStep: step,
            recoveryCodes: codes.map((one) => ({ digest: digestOf(one) })),
            updatedAt: new Date(this.now()),
          })
          .where(eq(people.id, person.id));
        return codes;
      }),
    );
  }

  async turnOff(storeUserId: string): Promise<void> {
    await this.update(storeUserId, {
      totpSecret: null,
      totpPending: null,
      totpLastStep: null,
      recoveryCodes: [],
    });
  }

  /** How the person stands: a second factor on, and how many recovery codes are left. */
  async status(storeUserId: string) {
    const [person] = await withDatabase(() =>
      this.db
        .select({ secret: people.totpSecret, codes: people.recoveryCodes })
        .from(people)
        .where(and(eq(people.storeUserId, storeUserId), eq(people.status, 'active'))),
    );
    return {
      on: Boolean(person?.secret),
      recoveryCodesLeft: (person?.codes ?? []).filter((one) => !one.used_at).length,
    };
  }

  /** Checks a code at sign-in: a TOTP code (used once) or a recovery code (used once); the row is locked. */
  async check(storeUserId: string, email: string, code: string): Promise<CodeCheck> {
    return withDatabase(() =>
      this.db.transaction(async (tx) => {
        const [person] = await tx
          .select()
          .from(people)
          .where(and(eq(people.storeUserId, storeUserId), eq(people.status, 'active')))
          .for('update');
        if (!person?.totpSecret) return 'not_set_up';
        const at = new Date(this.now());
        if (/^\d{6}$/.test(code.trim())) {
          const step = this.stepOf(totpOf(person.totpSecret, email), code.trim());
          if (step === null) return 'wrong';
          if (person.totpLastStep !== null && step <= person.totpLastStep) return 'reused';
          await tx.update(people).set({ totpLastStep: step, updatedAt: at }).where(eq(people.id, person.id));
          return 'ok';
        }
        const digest = digestOf(code);
        const match = person.recoveryCodes.find((one) => one.digest === digest);
        if (!match) return 'wrong';
        if (match.used_at) return 'recovery_used';
        const codes = person.recoveryCodes.map((one) =>
          one.digest === digest ? { ...one, used_at: at.toISOString() } : one,
        );
        await tx.update(people).set({ recoveryCodes: codes, updatedAt: at }).where(eq(people.id, person.id));
        return 'ok';
      }),
    );
  }

  async requirement(): Promise<SecondFactorRequirement> {
    const [row] = await withDatabase(() =>
      this.db.select().from(settings).where(eq(settings.key, REQUIREMENT_KEY)),
    );
    return (row?.value as SecondFactorRequirement | undefined) ?? 'none';
  }

  /** The owners' choice, kept with the team's history. */
  async require(requirement: SecondFactorRequirement, actor: TeamActor): Promise<void> {
    const at = new Date(this.now());
    await withDatabase(() =>
      this.db.transaction(async (tx) => {
        await tx
          .insert(settings)
          .values({ key: REQUIREMENT_KEY, value: requirement, updatedAt: at })
          .onConflictDoUpdate({ target: settings.key, set: { value: requirement, updatedAt: at } });
        await tx.insert(teamEvents).values({
          at,
          kind: 'second_factor_required',
          actorUserId: actor.id,
          actorName: actor.name,
          subjectName: requirement,
          detail: { required: requirement },
        });
      }),
    );
  }

  /** The time step the code belongs to (now, or one either side), or null when it matches none. */
  private stepOf(totp: TOTP, code: string): number | null {
    const timestamp = this.now();
    const delta = totp.validate({ token: code, timestamp, window: 1 });
    return delta === null ? null : totp.counter({ timestamp }) + delta;
  }

  private async update(storeUserId: string, values: Partial<typeof people.$inferInsert>): Promise<void> {
    await withDatabase(() =>
      this.db
        .update(people)
        .set({ ...values, updatedAt: new Date(this.now()) })
        .where(and(eq(people.storeUserId, storeUserId), eq(people.status, 'active'))),
    );
  }
}
