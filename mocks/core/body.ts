import { z } from 'zod/mini';
import { REQUEST_BODY_MAX_BYTES } from '../../src/schemas/limits.ts';
import { refuse } from './errors.ts';
import { formatPath, primaryProblem, problemsOf } from './issues.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The raw body, refusing anything over the 1 MiB cap with 413 (before reading it all when declared). */
export async function readBody(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > REQUEST_BODY_MAX_BYTES) throw refuse.payloadTooLarge(REQUEST_BODY_MAX_BYTES);
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > REQUEST_BODY_MAX_BYTES) {
      // Not awaited: msw reads a tee of the body, and a tee branch's cancel settles only when both are cancelled.
      void reader.cancel().catch(() => undefined);
      throw refuse.payloadTooLarge(REQUEST_BODY_MAX_BYTES);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A body must be declared exactly application/json (optionally charset=utf-8); no body needs no type. */
export function requireJsonContentType(request: Request, hasBody: boolean): void {
  if (!hasBody) return;
  const declared = request.headers.get('content-type');
  const [mediaType = '', ...parameters] = (declared ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase());
  const charsetOk = parameters.every(
    (parameter) => !parameter.startsWith('charset=') || /^charset="?utf-8"?$/.test(parameter),
  );
  if (mediaType !== 'application/json' || !charsetOk) throw refuse.unsupportedMediaType(request.method);
}

export function decodeBodyText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw refuse.invalidText('The body is not valid UTF-8.');
  }
  if (text.includes('\u0000')) throw refuse.invalidText('The body contains a NUL byte.');
  return text;
}

/** Path of the first string (or key) holding a NUL character, e.g. from a `\u0000` escape. */
function nulPath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Parses and validates a JSON body with a strict schema. An absent body is validated as `{}`, so its
 * required fields come back as missing_field rather than as malformed JSON.
 */
export function parseJsonBody<T>(
  text: string,
  schema: z.core.$ZodType<T>,
  readOnly: readonly string[] = [],
): T {
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw refuse.invalidBody('malformed_json', 'The body is not valid JSON.');
    }
  }
  const withNul = nulPath(value);
  if (withNul) throw refuse.invalidText('The body contains a NUL character.', formatPath(withNul));
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const problem = primaryProblem(problemsOf(parsed.error.issues, value, readOnly));
  throw refuse.invalidBody(problem.reason, problem.message, problem.field);
}

/** Everything a body goes through before JSON parsing: size, media type, text. */
export async function readJsonText(request: Request): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = await readBody(request);
  requireJsonContentType(request, bytes.byteLength > 0);
  return { bytes, text: decodeBodyText(bytes) };
}
