import type { Context } from 'hono';
import type { z } from 'zod/mini';
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

/** Where a schema refused a value: the first issue's path, as the error envelope's `field`. */
export function invalidValue(error: z.core.$ZodError): { reason: 'invalid_value'; field?: string } {
  const field = error.issues[0]?.path.join('.');
  return { reason: 'invalid_value', ...(field ? { field } : {}) };
}

/**
 * readJsonBody, then `schema`: the value, or the answer to send instead (400 invalid_body with
 * `invalidMessage` and the field, when the JSON is fine but not what the route takes).
 */
export async function readJsonBodyAs<Schema extends z.ZodMiniType>(
  c: Context<AppEnv>,
  schema: Schema,
  subject: string,
  invalidMessage: string,
): Promise<{ ok: true; value: z.output<Schema> } | { ok: false; response: Response }> {
  const body = await readJsonBody(c, subject);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    response: errorResponse(400, 'invalid_body', invalidMessage, invalidValue(parsed.error)),
  };
}

function refused(status: 400 | 415, code: string, message: string, details: { reason?: string } = {}) {
  return { ok: false as const, response: errorResponse(status, code, message, details) };
}
