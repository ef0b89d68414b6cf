import { z } from 'zod';

/** Wire format between the SPA and its BFF (`/bff/*`), shared by both sides. */
export const ROLES = ['owner', 'staff'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const loginRequestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

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
  data: z.looseObject({ user: sessionUserSchema, roster: z.array(rosterMemberSchema) }),
});
export type SessionInfo = z.infer<typeof sessionResponseSchema>['data'];

/** GET /bff/session?optional=1: the same, or `data: null` when nobody is signed in. */
export const optionalSessionResponseSchema = z.looseObject({
  data: sessionResponseSchema.shape.data.nullable(),
});

export const loginResponseSchema = z.looseObject({ data: z.looseObject({ user: sessionUserSchema }) });
