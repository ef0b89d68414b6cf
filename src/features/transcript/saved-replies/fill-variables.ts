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

/** The variables still written in a reply (unfilled when inserted, or typed by hand). */
export const unfilledVariables = (text: string): string[] => text.match(VARIABLE) ?? [];
