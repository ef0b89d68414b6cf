import { z } from 'zod';

/** POST /bff/login's body, as the BFF reads it (the SPA checks the same fields in its sign-in form). */
export const loginRequestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(1024),
  /** "Keep me signed in": a persistent cookie; otherwise the cookie ends with the browser session. */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
