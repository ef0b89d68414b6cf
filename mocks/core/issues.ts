import { z } from 'zod/mini';
import type { InvalidBodyReason } from '../../src/schemas/error.ts';

// Some 400 messages quote zod's own text (custom, format and other issues). The shared schemas are zod's
// mini build, which sets no locale, so English is set here, explicitly: the simulator's answers must not
// depend on whether some other module happened to load classic zod first.
z.config(z.locales.en());

type Issue = z.core.$ZodIssue;

/** One thing wrong with a request, as the error envelope names it. */
export interface Problem {
  reason: InvalidBodyReason;
  /** In request naming, e.g. `suggested_prompts[2]`; undefined when the whole body is at fault. */
  field: string | undefined;
  text: string;
}

/** Which problem an error reports first when a request has several. */
const REASON_PRIORITY: readonly InvalidBodyReason[] = [
  'read_only_field',
  'unknown_field',
  'null_field',
  'wrong_type',
  'missing_field',
  'out_of_range',
  'invalid_value',
];

export function formatPath(path: readonly PropertyKey[]): string | undefined {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? undefined : out;
}

function lookup(input: unknown, path: readonly PropertyKey[]): { present: boolean; value: unknown } {
  let value = input;
  for (const part of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) {
      return { present: false, value: undefined };
    }
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return { present: true, value };
}

/** missing_field or null_field when the value is absent or null, else nothing. */
function absence(input: unknown, path: readonly PropertyKey[], name: string): Problem | null {
  const { present, value } = lookup(input, path);
  const field = formatPath(path);
  if (!present) return { reason: 'missing_field', field, text: `${name} is required` };
  if (value === null) return { reason: 'null_field', field, text: `${name} cannot be null` };
  return null;
}

function describeRange(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>, name: string): string {
  const bound = issue.code === 'too_big' ? `at most ${issue.maximum}` : `at least ${issue.minimum}`;
  if (issue.origin === 'string') return `${name} must be ${bound} characters long`;
  if (issue.origin === 'array') return `${name} must have ${bound} items`;
  return `${name} must be ${bound}`;
}

/** Maps zod issues of a strict schema to the spec's invalid_body reasons, one problem per field. */
export function problemsOf(
  issues: readonly Issue[],
  input: unknown,
  readOnly: readonly string[] = [],
): Problem[] {
  const problems: Problem[] = [];
  for (const issue of issues) {
    const field = formatPath(issue.path);
    const name = field ?? 'The body';
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) {
          const keyField = formatPath([...issue.path, key]) ?? key;
          const readOnlyKey = issue.path.length === 0 && readOnly.includes(key);
          problems.push({
            reason: readOnlyKey ? 'read_only_field' : 'unknown_field',
            field: keyField,
            text: readOnlyKey ? `${keyField} cannot be written` : `${keyField} is not a field of this body`,
          });
        }
        break;
      case 'invalid_type': {
        const expected =
          field === undefined && issue.expected === 'object' ? 'a JSON object' : issue.expected;
        problems.push(
          absence(input, issue.path, name) ?? {
            reason: 'wrong_type',
            field,
            text: `${name} must be ${expected}`,
          },
        );
        break;
      }
      case 'too_big':
      case 'too_small':
        problems.push({ reason: 'out_of_range', field, text: describeRange(issue, name) });
        break;
      case 'invalid_value': {
        // zod reports an enum mismatch the same way for null, absent and mistyped values.
        const { value } = lookup(input, issue.path);
        const mistyped = issue.values.every((option) => typeof option !== typeof value);
        problems.push(
          absence(input, issue.path, name) ?? {
            reason: mistyped ? 'wrong_type' : 'invalid_value',
            field,
            text: `${name} must be one of ${issue.values.map(String).join(', ')}`,
          },
        );
        break;
      }
      case 'custom':
      case 'invalid_format':
        problems.push({
          reason: 'invalid_value',
          field,
          text: `${name}: ${issue.message.replace(/\.$/, '')}`,
        });
        break;
      default:
        problems.push({ reason: 'wrong_type', field, text: `${name}: ${issue.message.replace(/\.$/, '')}` });
    }
  }
  return problems;
}

/**
 * The problem an error reports: the most fundamental reason first. `field` is named only when
 * exactly one field has that problem (the spec: present when exactly one field is to blame).
 */
export function primaryProblem(problems: readonly Problem[]): Problem & { message: string } {
  const ranked = [...problems].sort(
    (a, b) => REASON_PRIORITY.indexOf(a.reason) - REASON_PRIORITY.indexOf(b.reason),
  );
  const first = ranked[0];
  if (first === undefined) throw new Error('primaryProblem() needs at least one problem');
  const fields = new Set(
    ranked.filter((problem) => problem.reason === first.reason).map((problem) => problem.field),
  );
  const message = `${problems.map((problem) => problem.text).join('; ')}.`;
  return { ...first, field: fields.size === 1 ? first.field : undefined, message };
}
