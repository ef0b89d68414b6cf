import { z } from 'zod/mini';
import { atMostCharacters, truncateCharacters } from './characters.ts';
import {
  AGENT_NAME_MAX,
  GREETING_MAX,
  HANDOFF_MESSAGE_MAX,
  PERSONA_INSTRUCTIONS_MAX,
  SUGGESTED_PROMPT_MAX,
  SUGGESTED_PROMPTS_KEPT,
} from './limits.ts';

/** The agent config singleton as served. Lenient: the API may add fields without notice. */
export const agentConfigSchema = z.looseObject({
  enabled: z.boolean(),
  agent_name: z.string(),
  greeting: z.string(),
  persona_instructions: z.string(),
  follow_up_questions: z.boolean(),
  objection_handling: z.boolean(),
  handoff_message: z.string(),
  skill_product_discovery: z.boolean(),
  skill_add_to_cart: z.boolean(),
  skill_order_status: z.boolean(),
  suggested_prompts: z.array(z.string()),
  /** Version of the config; null when the store has never saved one. */
  updated_at: z.nullable(z.string()),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

/**
 * What the assistant says where a text setting is empty ("Empty string means the default"). The store's
 * API does not serve these texts, so the dashboard keeps them here, and the simulator plays the same ones:
 * the settings and the storefront preview show shoppers' view rather than naming a default.
 */
export const BUILT_IN_TEXTS = {
  agent_name: 'Shopping assistant',
  greeting:
    'Hi! I can help you find the right product, check your cart or track an order. What are you looking for today?',
  handoff_message: 'Let me get a member of our team to help you — someone will reply here shortly.',
} as const;

/** What GET serves to a store that never saved a config (spec: Defaults). */
export const AGENT_CONFIG_DEFAULTS: AgentConfig = {
  enabled: true,
  agent_name: '',
  greeting: '',
  persona_instructions: '',
  follow_up_questions: true,
  objection_handling: true,
  handoff_message: '',
  skill_product_discovery: true,
  skill_add_to_cart: true,
  skill_order_status: true,
  suggested_prompts: [],
  updated_at: null,
};

/** PUT /api/v1/agent-config body: every field required, no other keys. */
export const agentConfigUpdateSchema = z.strictObject({
  expected_updated_at: z.nullable(z.string()),
  enabled: z.boolean(),
  agent_name: z.string().check(z.superRefine(atMostCharacters(AGENT_NAME_MAX))),
  greeting: z.string().check(z.superRefine(atMostCharacters(GREETING_MAX))),
  persona_instructions: z.string().check(z.superRefine(atMostCharacters(PERSONA_INSTRUCTIONS_MAX))),
  follow_up_questions: z.boolean(),
  objection_handling: z.boolean(),
  handoff_message: z.string().check(z.superRefine(atMostCharacters(HANDOFF_MESSAGE_MAX))),
  skill_product_discovery: z.boolean(),
  skill_add_to_cart: z.boolean(),
  skill_order_status: z.boolean(),
  /** Not length-checked: the server normalises (see normalizeSuggestedPrompts). */
  suggested_prompts: z.array(z.string()),
});
export type AgentConfigUpdate = z.infer<typeof agentConfigUpdateSchema>;

/**
 * The spec's normalisation of suggested_prompts on write: blank ones dropped, each truncated
 * to 80 characters, at most 6 kept. The simulator stores this; the editor previews it.
 * "Characters" are code points, so an emoji is never cut in half.
 */
export function normalizeSuggestedPrompts(prompts: readonly string[]): string[] {
  return prompts
    .filter((prompt) => prompt.trim() !== '')
    .map((prompt) => truncateCharacters(prompt, SUGGESTED_PROMPT_MAX))
    .slice(0, SUGGESTED_PROMPTS_KEPT);
}
