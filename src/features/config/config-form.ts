import { z } from 'zod/mini';
import { countCharacters } from '@/schemas/characters';
import { agentConfigUpdateSchema, type AgentConfigUpdate } from '@/schemas/agent-config';
import { EDITABLE_FIELDS, type EditableConfig, type EditableField } from './merge-config';

/** The form's schema is the PUT body's, minus the version the form tracks itself: one source of truth for limits. */
export const configFormSchema = z.omit(agentConfigUpdateSchema, { expected_updated_at: true });

/** What each field is called on screen (labels, errors, the conflict prompt). */
export const FIELD_LABELS: Record<EditableField, string> = {
  enabled: 'Assistant on the storefront',
  agent_name: 'Assistant name',
  greeting: 'Greeting',
  persona_instructions: 'Persona instructions',
  handoff_message: 'Handoff message',
  follow_up_questions: 'Follow-up questions',
  objection_handling: 'Objection handling',
  skill_product_discovery: 'Product discovery',
  skill_add_to_cart: 'Cart',
  skill_order_status: 'Order status',
  suggested_prompts: 'Starter prompts',
};

export function isEditableField(name: string): name is EditableField {
  return (EDITABLE_FIELDS as readonly string[]).includes(name);
}

/**
 * Error messages that say why and what to do. The limits come from the schema's own issue
 * (`maximum`), so they cannot drift from src/schemas/limits.ts.
 */
export const configFormErrorMap = (issue: z.core.$ZodRawIssue): string | undefined => {
  const field = issue.path?.[0];
  const label = typeof field === 'string' && isEditableField(field) ? FIELD_LABELS[field] : 'This field';
  if (issue.code === 'too_big' && issue.origin === 'string' && typeof issue.input === 'string') {
    const over = countCharacters(issue.input) - Number(issue.maximum);
    return `${label} is ${over} ${over === 1 ? 'character' : 'characters'} over the limit of ${String(issue.maximum)}. Shorten it to save.`;
  }
  return undefined;
};

/** The PUT body: every field, and the version the edit is based on. */
export function toUpdate(values: EditableConfig, expectedUpdatedAt: string | null): AgentConfigUpdate {
  return { expected_updated_at: expectedUpdatedAt, ...values };
}

/** Plain value equality of two configs (the form's notion of "changed"; prompts compare as typed). */
export function sameConfig(a: EditableConfig, b: EditableConfig): boolean {
  return EDITABLE_FIELDS.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

/**
 * Whether version `candidate` is newer than `than`. Versions are timestamps; compared as instants so a
 * cached answer that arrives late never passes for a newer one, and by identity when unreadable.
 */
export function isNewerVersion(candidate: string | null, than: string | null): boolean {
  if (candidate === null || candidate === than) return false;
  if (than === null) return true;
  const a = Date.parse(candidate);
  const b = Date.parse(than);
  return Number.isNaN(a) || Number.isNaN(b) ? true : a > b;
}
