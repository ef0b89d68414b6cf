import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { errorResponse } from './errors.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * The body of one of the BFF's own JSON routes (sign-in, presence), not yet checked against its schema.
 * `subject` names it in the messages ("the sign-in"). The size cap is limitBody's, on the route; invalid
 * UTF-8 is refused rather than turned into replacement characters.
 */
export async function readJsonBody(c: Context<AppEnv>, subject: string): Promise<JsonBody> {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    return refused(415, 'unsupported_media_type', `Send ${subject} as application/json.`);
  }
  const invalid = (reason: string, what: string) =>
    refused(400, 'invalid_body', `The body of ${subject} is not ${what}.`, { reason });
  // Read outside the try: a client that aborts its upload fails here, and app.onError logs that as such.
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return invalid('invalid_utf8', 'valid UTF-8');
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return invalid('malformed_json', 'valid JSON');
  }
}

function refused(status: 400 | 415, code: string, message: string, details: { reason?: string } = {}) {
  return { ok: false as const, response: errorResponse(status, code, message, details) };
}
