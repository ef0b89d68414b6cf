import { z } from 'zod/mini';
import { refuse } from './errors.ts';
import { formatPath } from './issues.ts';

function describe(issue: z.core.$ZodIssue, name: string): string {
  switch (issue.code) {
    case 'invalid_value':
      return `${name} must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return name === 'updated_after'
        ? 'updated_after must be an RFC 3339 date-time'
        : `${name} is malformed`;
    case 'too_small':
    case 'too_big':
      return name === 'limit' ? 'limit must be a whole number from 1 to 100' : `${name} cannot be empty`;
    default:
      return name === 'limit' ? 'limit must be a whole number from 1 to 100' : `${name} is invalid`;
  }
}

/** Validates decoded query pairs with a strict schema: unknown, repeated or out-of-range values are 400s. */
export function parseQuery<T>(pairs: readonly [string, string][], schema: z.core.$ZodType<T>): T {
  const record: Record<string, string> = {};
  for (const [name, value] of pairs) {
    if (Object.hasOwn(record, name)) throw refuse.invalidQuery(`${name} is given more than once.`, name);
    record[name] = value;
  }
  const parsed = z.safeParse(schema, record);
  if (parsed.success) return parsed.data;
  const fields = new Set<string>();
  const texts: string[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        fields.add(key);
        texts.push(`${key} is not a parameter of this route`);
      }
      continue;
    }
    const name = formatPath(issue.path) ?? 'query';
    fields.add(name);
    texts.push(describe(issue, name));
  }
  throw refuse.invalidQuery(`${texts.join('; ')}.`, fields.size === 1 ? [...fields][0] : undefined);
}
