import { z } from 'zod/mini';

/**
 * Availability and automatic assignment, shared by the BFF and the SPA.
 *
 * A person's availability is what they chose (Available unless they chose Away) and whether they have a
 * dashboard open: nobody counts as available with no dashboard open for AWAY_WITHOUT_DASHBOARD_MS.
 */
export const AVAILABILITY_STATUSES = ['available', 'away'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** A person with no open dashboard for this long counts as away, whatever they chose. */
export const AWAY_WITHOUT_DASHBOARD_MS = 3 * 60_000;

/**
 * Auto-away, an owner's choice: after this many minutes without input on any of a person's dashboards
 * they count as away ("Away (inactive)") until their next input or choice. Off (null) by default.
 */
export const AWAY_AFTER_IDLE_MINUTES = [15, 30, 60] as const;
export type AwayAfterIdleMinutes = (typeof AWAY_AFTER_IDLE_MINUTES)[number];

/** What going away does with one's open conversations, as each person chooses: asked each time by default. */
export const AWAY_HAND_BACK_CHOICES = ['ask', 'hand_back', 'keep'] as const;
export type AwayHandBack = (typeof AWAY_HAND_BACK_CHOICES)[number];

/**
 * PUT /bff/availability: the signed-in person's choice. `hand_back: true` also unassigns their open
 * conversations when going away; without it their `away_hand_back` decides (`hand_back`: yes, else no).
 * `away_hand_back` stores that choice for the next times.
 */
export const availabilityUpdateSchema = z.strictObject({
  status: z.enum(AVAILABILITY_STATUSES),
  hand_back: z.optional(z.boolean()),
  away_hand_back: z.optional(z.enum(AWAY_HAND_BACK_CHOICES)),
});
export type AvailabilityUpdate = z.infer<typeof availabilityUpdateSchema>;

export const teammateAvailabilitySchema = z.looseObject({
  user_id: z.string(),
  name: z.string(),
  /** What counts: `away` when they chose it or have had no dashboard open for a while. */
  status: z.enum(AVAILABILITY_STATUSES),
  /** What they chose themselves. */
  chosen: z.enum(AVAILABILITY_STATUSES),
  /** Away by the owner's auto-away: no input on any of their dashboards for its period. */
  inactive: z.optional(z.boolean()),
  /** What going away does with their open conversations. */
  away_hand_back: z.optional(z.enum(AWAY_HAND_BACK_CHOICES)),
  /** Active conversations assigned to them and not snoozed: what their "Mine" counts. */
  open_conversations: z.int().check(z.nonnegative()),
});
export type TeammateAvailability = z.infer<typeof teammateAvailabilitySchema>;

/** GET /bff/availability (and the answer of PUT): everyone who can sign in, with their availability. */
export const teamAvailabilitySchema = z.looseObject({
  data: z.array(teammateAvailabilitySchema),
  /** How many of the person's own conversations the PUT handed back to Unassigned (PUT only). */
  handed_back: z.optional(z.int().check(z.nonnegative())),
});
export type TeamAvailability = z.infer<typeof teamAvailabilitySchema>;

export const ASSIGNMENT_STRATEGIES = ['round_robin', 'fewest_open'] as const;
export type AssignmentStrategy = (typeof ASSIGNMENT_STRATEGIES)[number];
export const MAX_OPEN_PER_PERSON_MIN = 1;
export const MAX_OPEN_PER_PERSON_MAX = 100;

/** GET and PUT /bff/assignment-settings (PUT: owners only). */
export const assignmentSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  strategy: z.enum(ASSIGNMENT_STRATEGIES),
  /** Nobody is given a new conversation while this many open conversations are theirs (as "Mine" counts). */
  max_open_per_person: z.int().check(z.minimum(MAX_OPEN_PER_PERSON_MIN), z.maximum(MAX_OPEN_PER_PERSON_MAX)),
  /** Auto-away after this many minutes without input; null or absent: off. */
  away_after_idle_minutes: z.optional(z.nullable(z.literal(AWAY_AFTER_IDLE_MINUTES))),
  /**
   * A person's reply in a conversation handled by a person with nobody assigned assigns it to them (the
   * BFF does, after the store took the reply); absent: on.
   */
  reply_assigns: z.optional(z.boolean()),
});
export type AssignmentSettings = z.infer<typeof assignmentSettingsSchema>;

export const DEFAULT_ASSIGNMENT_SETTINGS: AssignmentSettings = {
  enabled: false,
  strategy: 'round_robin',
  max_open_per_person: 5,
  away_after_idle_minutes: null,
  reply_assigns: true,
};

export const assignmentSettingsAnswerSchema = z.looseObject({ data: assignmentSettingsSchema });
