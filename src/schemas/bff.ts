import { z } from 'zod/mini';

/**
 * Wire format between the SPA and its BFF (`/bff/*`), shared by both sides. zod's mini build: the SPA's
 * entry chunk parses these (the session, the sign-in answer), and mini tree-shakes to what is used. The
 * sign-in request, read only by the BFF, is in login-request.ts.
 */
export const ROLES = ['owner', 'staff'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const sessionUserSchema = z.looseObject({
  /** The store user id (assignee and author id on the Commerce API). */
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const rosterMemberSchema = z.looseObject({ id: z.string(), name: z.string() });
export type RosterMember = z.infer<typeof rosterMemberSchema>;

export const sessionResponseSchema = z.looseObject({
  data: z.looseObject({
    user: sessionUserSchema,
    roster: z.array(rosterMemberSchema),
    /** Removed people: their names on what they wrote, never offered for assignment. */
    former: z.optional(z.array(rosterMemberSchema)),
    /** The owners require a second factor of this person, who has none yet: only its setup is open. */
    second_factor_setup_required: z.optional(z.boolean()),
  }),
});
export type SessionInfo = z.infer<typeof sessionResponseSchema>['data'];

/** GET /bff/session?optional=1: the same, or `data: null` when nobody is signed in. */
export const optionalSessionResponseSchema = z.looseObject({
  data: z.nullable(sessionResponseSchema.shape.data),
});

/**
 * 503 from the BFF when its shared session store (Redis, with several replicas) cannot be reached: nobody's
 * session is lost, the server cannot check it right now. Transient: the SPA retries like any 503.
 */
export const SESSION_STORE_UNAVAILABLE = 'session_store_unavailable';

/** POST /bff/sessions/end-all: how many sessions of the signed-in person were ended (this one included). */
export const endAllSessionsResponseSchema = z.looseObject({ data: z.looseObject({ ended: z.number() }) });

export const loginResponseSchema = z.looseObject({ data: z.looseObject({ user: sessionUserSchema }) });
