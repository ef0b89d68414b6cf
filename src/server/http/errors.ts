import type { ErrorBody } from '../../schemas/error.ts';

/**
 * The one helper that writes a refusal. Every error the BFF produces itself uses the spec's envelope
 * (`{error:{code,message,...}}`), so the SPA's API client parses BFF and upstream refusals alike.
 */
export type ErrorDetails = Pick<ErrorBody, 'resource' | 'field' | 'reason'>;

export function errorResponse(
  status: number,
  code: string,
  message: string,
  details: ErrorDetails = {},
  headers: Record<string, string> = {},
): Response {
  const error: ErrorBody = { code, message };
  if (details.resource !== undefined) error.resource = details.resource;
  if (details.field !== undefined) error.field = details.field;
  if (details.reason !== undefined) error.reason = details.reason;
  return new Response(JSON.stringify({ error }), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

export const notFound = (): Response => errorResponse(404, 'not_found', 'Nothing is served at this address.');
