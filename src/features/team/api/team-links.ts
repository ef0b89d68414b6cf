import { apiRequest } from '@/lib/api-client';
import { loginResponseSchema } from '@/schemas/bff';
import { linkSummaryAnswerSchema, type LinkSummary } from '@/schemas/team';

// Its own file, without react-query: the page that accepts a link loads without the app (main.tsx).

/** Who a one-time link is for (the page that opens it; no session needed). */
export const readLinkSummary = (token: string, signal: AbortSignal): Promise<LinkSummary> =>
  apiRequest(`/bff/team-links/${encodeURIComponent(token)}`, {
    schema: linkSummaryAnswerSchema,
    signal,
    retry: false,
    onSessionExpired: 'fail',
  }).then((answer) => answer.data);

/** Accepts an invitation (name and password) or a reset link (password); the answer signs the person in. */
export const acceptLink = (token: string, body: { name?: string; password: string }) =>
  apiRequest(`/bff/team-links/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
    schema: loginResponseSchema,
    retry: false,
    onSessionExpired: 'fail',
  });
