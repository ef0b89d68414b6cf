import { z } from 'zod/mini';

/** Reasons an `invalid_body` refusal can carry (spec, Errors part). */
export const INVALID_BODY_REASONS = [
  'malformed_json',
  'body_too_large',
  'body_unreadable',
  'missing_field',
  'unknown_field',
  'read_only_field',
  'null_field',
  'wrong_type',
  'out_of_range',
  'empty_patch',
  'invalid_value',
] as const;
export type InvalidBodyReason = (typeof INVALID_BODY_REASONS)[number];

/**
 * Codes named by the spec. The set is open: clients branch on these with a default arm,
 * so this list documents, it does not validate.
 */
export const API_ERROR_CODES = [
  'invalid_body',
  'invalid_query',
  'invalid_text',
  'idempotency_key_required',
  'invalid_request',
  'invalid_assignee',
  'unauthorized',
  'insufficient_scope',
  'not_found',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
  'not_configured',
  'config_modified',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable_reference',
  'rate_limited',
  'agent_disabled',
] as const;

/** Codes of the BFF's own refusals, in the same envelope as the Commerce API's. */
export const BFF_ERROR_CODES = [
  'session_required',
  'csrf_failed',
  'role_forbidden',
  'invalid_credentials',
  'upstream_unauthorized',
  'upstream_unreachable',
  'upstream_timeout',
] as const;

/**
 * The error envelope (zod's mini build: the SPA's entry chunk parses it). Parsed leniently: new members may appear; reason is kept as a plain string. */
export const errorEnvelopeSchema = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    resource: z.optional(z.string()),
    field: z.optional(z.string()),
    reason: z.optional(z.string()),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type ErrorBody = ErrorEnvelope['error'];
