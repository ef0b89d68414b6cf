import { z } from 'zod/mini';
import { roleSchema } from './bff.ts';
import { atMostCharacters } from './characters.ts';

/**
 * The team in the dashboard: the people an owner manages on the Team screen, the one-time links that
 * invite someone or reset a password, and the team's history. One schema for the forms, the BFF's
 * checks and the wire.
 */

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;
export const PERSON_NAME_MAX = 200;
/** The store user ids the users file accepts too (`usr_...`). */
export const STORE_USER_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

const personName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter a name.'),
    z.superRefine(atMostCharacters(PERSON_NAME_MAX, `A name holds at most ${PERSON_NAME_MAX} characters.`)),
  );

export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, `A password has at least ${PASSWORD_MIN} characters.`),
    z.maxLength(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`),
  );

export const inviteRequestSchema = z.strictObject({
  email: z.string().check(z.trim(), z.toLowerCase(), z.email('Enter an email address.'), z.maxLength(254)),
  name: personName,
  role: roleSchema,
  store_user_id: z
    .string()
    .check(
      z.trim(),
      z.regex(STORE_USER_ID_PATTERN, 'A store user id is letters, digits and _ . : - (like usr_123).'),
    ),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const roleChangeSchema = z.strictObject({ role: roleSchema });

/** Accepting an invitation (name and password) or a reset link (password only). */
export const acceptLinkSchema = z.strictObject({
  name: z.optional(personName),
  password: newPasswordSchema,
});

export const passwordChangeSchema = z.strictObject({
  current_password: z
    .string()
    .check(z.minLength(1, 'Enter your current password.'), z.maxLength(PASSWORD_MAX)),
  new_password: newPasswordSchema,
});

export const PERSON_STATUSES = ['invited', 'active', 'removed'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** A row of the Team screen. */
export interface TeamMember {
  id: string;
  email: string | null;
  name: string;
  role: z.infer<typeof roleSchema>;
  store_user_id: string;
  status: PersonStatus;
  /** Whether they can sign in (roster members without a login cannot). */
  can_sign_in: boolean;
  /** Their last input on a dashboard, or when a dashboard of theirs was last open. */
  last_active_at: string | null;
  /** For an invitation: when its link ends. */
  invite_expires_at: string | null;
}

/** A one-time link as the owner copies it. */
export interface TeamLink {
  url: string;
  expires_at: string;
}

export interface TeamEvent {
  id: string;
  at: string;
  kind:
    | 'invited'
    | 'invite_resent'
    | 'invite_revoked'
    | 'joined'
    | 'role_changed'
    | 'reset_link'
    | 'removed'
    | 'password_reset';
  actor: string;
  subject: string;
  detail: Record<string, string>;
}

/** What GET /bff/team answers. */
export interface TeamOverview {
  people: TeamMember[];
  /** Store users already seen in assignments and on the roster, offered when inviting. */
  store_users: { id: string; name: string | null }[];
  events: TeamEvent[];
}

/** What GET /bff/team-links/{token} tells the page that opens a link. */
export interface LinkSummary {
  kind: 'invite' | 'reset';
  email: string;
  name: string;
}

export const TEAM_REFUSALS = {
  personExists: 'person_exists',
  storeUserTaken: 'store_user_taken',
  lastOwner: 'last_owner',
  linkExpired: 'link_expired',
  linkUsed: 'link_used',
  linkUnknown: 'link_unknown',
  notInvited: 'not_invited',
  wrongPassword: 'wrong_password',
} as const;
