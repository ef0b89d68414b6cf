import type { SessionUser } from '@/schemas/bff';
import type { Conversation } from '@/schemas/conversation';

/**
 * A variable in a saved reply: `{{shopper.first_name}}`, or with a fallback for a missing value,
 * `{{shopper.first_name | "there"}}` (the syntax other support tools use, so pasted replies work). Spaces
 * around the name, the bar and the fallback are tolerated.
 */
const VARIABLE = /\{\{\s*([a-z_]+\.[a-z_]+)\s*(?:\|\s*"([^"]*)"\s*)?\}\}/gi;

/** The values a saved reply can name; a missing one is undefined. */
export type VariableValues = Partial<Record<string, string>>;

const firstWord = (name: string | undefined) => name?.split(/\s+/)[0];
const present = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

/** The values of the open conversation's shopper and the signed-in person. */
export function variableValues(conversation: Conversation, agent: Pick<SessionUser, 'name'>): VariableValues {
  const shopperName = present(conversation.display_name);
  const agentName = present(agent.name);
  return {
    'shopper.name': shopperName,
    'shopper.first_name': firstWord(shopperName),
    'shopper.email': present(conversation.email),
    'agent.name': agentName,
    'agent.first_name': firstWord(agentName),
  };
}

/**
 * `text` with each variable replaced by its value, else its fallback. A variable with neither (an
 * anonymous shopper's name without a fallback, or a name this dashboard does not know) stays as written,
 * so the person sees what is missing, and is listed in `unfilled`.
 */
export function fillVariables(text: string, values: VariableValues): { text: string; unfilled: string[] } {
  const unfilled: string[] = [];
  const filled = text.replace(VARIABLE, (variable, name: string, fallback: string | undefined) => {
    const value = values[name.toLowerCase()] ?? fallback;
    if (value !== undefined) return value;
    unfilled.push(variable);
    return variable;
  });
  return { text: filled, unfilled };
}

/** The variables a saved reply can name. */
export const VARIABLE_NAMES = [
  'shopper.first_name',
  'shopper.name',
  'shopper.email',
  'agent.first_name',
  'agent.name',
] as const;

/** What is wrong with one `{{…}}` in a text: it is written as is and says what to do. */
export type VariableProblem = { variable: string; problem: string };

const KNOWN = new Set<string>(VARIABLE_NAMES);
const INSIDE = /^\s*([^\s|]*)\s*(?:\|\s*(.*?)\s*)?$/s;

/**
 * Every `{{…}}` in `text` that cannot be filled as written: unclosed braces, a name this dashboard does
 * not know (`{{shoper.name}}`), a fallback not in double quotes. Each with what is wrong, in words.
 */
export function variableProblems(text: string): VariableProblem[] {
  const problems: VariableProblem[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf('{{', from);
    if (start === -1) return problems;
    const end = text.indexOf('}}', start + 2);
    const next = text.indexOf('{{', start + 2);
    if (end === -1 || (next !== -1 && next < end)) {
      const variable = text.slice(start, next === -1 ? undefined : next).split(/\s/)[0] ?? '{{';
      problems.push({ variable, problem: 'is not closed: end it with }}' });
      from = start + 2;
      continue;
    }
    const variable = text.slice(start, end + 2);
    const [, name = '', fallback] = INSIDE.exec(text.slice(start + 2, end)) ?? [];
    if (!KNOWN.has(name.toLowerCase()))
      problems.push({ variable, problem: `names no known value: use ${VARIABLE_NAMES.join(', ')}` });
    else if (fallback !== undefined && !/^"[^"]*"$/.test(fallback))
      problems.push({ variable, problem: 'has a fallback not in double quotes, like | "there"' });
    from = end + 2;
  }
}

/**
 * What would reach the shopper as written: each variable still unfilled (a value this conversation
 * lacks, with no fallback) and each malformed one, with why.
 */
export function unfilledVariables(text: string): VariableProblem[] {
  const malformed = variableProblems(text);
  const unfilled = (text.match(VARIABLE) ?? [])
    .filter((variable) => !malformed.some((problem) => problem.variable === variable))
    .map((variable) => ({ variable, problem: 'has no value in this conversation' }));
  return [...malformed, ...unfilled];
}
