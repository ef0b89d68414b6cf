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

const currentPassword = z
  .string()
  .check(z.minLength(1, 'Enter your current password.'), z.maxLength(PASSWORD_MAX));

export const passwordChangeSchema = z.strictObject({
  current_password: currentPassword,
  new_password: newPasswordSchema,
});

/** Turning one's second factor off asks for the password. */
export const currentPasswordSchema = z.strictObject({ current_password: currentPassword });

export const PERSON_STATUSES = ['invited', 'active', 'removed'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** A row of the Team screen. */
export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  name: z.string(),
  role: roleSchema,
  store_user_id: z.string(),
  status: z.enum(PERSON_STATUSES),
  /** Whether they can sign in (roster members without a login cannot). */
  can_sign_in: z.boolean(),
  /** Their last input on a dashboard, or when a dashboard of theirs was last open. */
  last_active_at: z.nullable(z.string()),
  /** For an invitation: when its link ends. */
  invite_expires_at: z.nullable(z.string()),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const TEAM_EVENT_KINDS = [
  'invited',
  'invite_resent',
  'invite_revoked',
  'joined',
  'role_changed',
  'reset_link',
  'removed',
  'password_reset',
  'second_factor_required',
  /** On the command line (npm run users:add): a new person, or one replaced with --replace. */
  'added',
  'replaced',
] as const;

export const teamEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(TEAM_EVENT_KINDS),
  actor: z.string(),
  subject: z.string(),
  detail: z.record(z.string(), z.string()),
});
export type TeamEvent = z.infer<typeof teamEventSchema>;

/** What GET /bff/team answers. */
export const teamOverviewSchema = z.object({
  people: z.array(teamMemberSchema),
  /** Store users already seen in assignments and on the roster, offered when inviting. */
  store_users: z.array(z.object({ id: z.string(), name: z.nullable(z.string()) })),
  events: z.array(teamEventSchema),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;
export const teamOverviewAnswerSchema = z.object({ data: teamOverviewSchema });

/** A one-time link as the owner copies it. */
export const teamLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  /** Also mailed to the person (when the dashboard has a mail server). */
  mailed: z.boolean(),
});
export type TeamLink = z.infer<typeof teamLinkSchema>;
export const teamLinkAnswerSchema = z.object({ data: teamLinkSchema });

/** What GET /bff/team-links/{token} tells the page that opens a link. */
export const linkSummarySchema = z.object({
  kind: z.enum(['invite', 'reset']),
  email: z.string(),
  name: z.string(),
});
export type LinkSummary = z.infer<typeof linkSummarySchema>;
export const linkSummaryAnswerSchema = z.object({ data: linkSummarySchema });

/** Who must sign in with a second factor (an owner's choice). */
export const SECOND_FACTOR_REQUIREMENTS = ['none', 'owners', 'everyone'] as const;
export const secondFactorRequirementSchema = z.enum(SECOND_FACTOR_REQUIREMENTS);
export type SecondFactorRequirement = z.infer<typeof secondFactorRequirementSchema>;

/** A code at sign-in, or to confirm a new authenticator: six digits, or a recovery code. */
export const secondFactorCodeSchema = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1, 'Enter the code.'), z.maxLength(32)),
});
export const secondFactorRequirementRequestSchema = z.strictObject({
  required: secondFactorRequirementSchema,
});

/** GET /bff/account/second-factor. */
export const secondFactorStatusAnswerSchema = z.object({
  data: z.object({
    on: z.boolean(),
    recovery_codes_left: z.number(),
    /** Whether the store requires one of this person. */
    required: z.boolean(),
    requirement: secondFactorRequirementSchema,
  }),
});

/** POST /bff/account/second-factor/setup: the key to type, the address for apps, the QR code's modules. */
export const secondFactorSetupAnswerSchema = z.object({
  data: z.object({ secret: z.string(), uri: z.string(), qr: z.array(z.array(z.boolean())) }),
});

export const recoveryCodesAnswerSchema = z.object({
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

/** GET /bff/account/sessions: one's own sessions, newest activity first. */
export const accountSessionsAnswerSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      browser: z.nullable(z.string()),
      address: z.nullable(z.string()),
      signed_in_at: z.string(),
      last_active_at: z.string(),
      current: z.boolean(),
    }),
  ),
});
