import { z } from 'zod/mini';

/** Ids are opaque strings. */
export const idSchema = z.string();
/** Timestamps are strings on the wire (RFC 3339). */
export const timestampSchema = z.string();

/**
 * A date-time query value (RFC 3339 with a zone), e.g. updated_after.
 * Refuses values that only look like dates so a typo is a 400, not a silently different filter.
 */
export const rfc3339Schema = z.iso.datetime({ offset: true });
