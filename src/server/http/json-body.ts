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
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return invalid('malformed_json', 'valid JSON');
  }
  const field = unstorableTextAt(value);
  if (field !== undefined)
    return refused(
      400,
      'invalid_text',
      `The body of ${subject} has a NUL character or a broken UTF-16 surrogate in ${field || 'it'}: remove it and send it again.`,
      field ? { field } : {},
    );
  return { ok: true, value };
}

/** U+0000, or a high surrogate without its low half, or a low one without its high half. */
// eslint-disable-next-line no-control-regex -- U+0000 is what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where a JSON value holds text the database cannot store as text: U+0000 (Postgres refuses it) or an
 * unpaired surrogate (`"\ud800"` is valid JSON but no valid UTF-8). The path of the first such string as
 * `a.0.b` (of the object holding such a key; '' for the value itself), undefined when all is clean.
 * Checked once here, for every JSON body the BFF reads, so no route can forget it. Walked with a stack
 * of its own: a deeply nested body must not overflow the call stack.
 */
export function unstorableTextAt(value: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const inside = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return path;
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1)
        pending.push({ value: item[index] as unknown, path: inside(path, index) });
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      if (entries.some(([key]) => UNSTORABLE.test(key))) return path;
      for (const [key, child] of entries.reverse()) pending.push({ value: child, path: inside(path, key) });
    }
  }
  return undefined;
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

function refused(
  status: 400 | 415,
  code: string,
  message: string,
  details: { reason?: string; field?: string } = {},
) {
  return { ok: false as const, response: errorResponse(status, code, message, details) };
}
