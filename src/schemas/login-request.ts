import { z } from 'zod/mini';

/** POST /bff/login's body, as the BFF reads it (the SPA checks the same fields in its sign-in form). */
export const loginRequestSchema = z.strictObject({
  email: z.string().check(z.trim(), z.toLowerCase(), z.email(), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  /** "Keep me signed in": a persistent cookie; otherwise the cookie ends with the browser session. */
  remember: z.optional(z.boolean()),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
