import { normalizeSuggestedPrompts, type AgentConfig, type AgentConfigUpdate } from '@/schemas/agent-config';

/**
 * The fields an owner edits: the PUT body without its version. (Not `Omit<AgentConfig, ...>`: the
 * served schema is loose, and Omit over its index signature would drop every named field.)
 */
export type EditableConfig = Omit<AgentConfigUpdate, 'expected_updated_at'>;
export type EditableField = keyof EditableConfig;

export const EDITABLE_FIELDS = [
  'enabled',
  'agent_name',
  'greeting',
  'persona_instructions',
  'handoff_message',
  'follow_up_questions',
  'objection_handling',
  'skill_product_discovery',
  'skill_add_to_cart',
  'skill_order_status',
  'suggested_prompts',
] as const satisfies readonly EditableField[];

/**
 * untouched: nobody changed it; mine: only this owner did; theirs: only the other side did;
 * same: both made the same change; conflict: both changed it differently (the owner decides).
 */
export type MergeOutcome = 'untouched' | 'mine' | 'theirs' | 'same' | 'conflict';

export type FieldMerge<F extends EditableField = EditableField> = {
  field: F;
  base: EditableConfig[F];
  mine: EditableConfig[F];
  theirs: EditableConfig[F];
  outcome: MergeOutcome;
};

export type ConfigMerge = {
  fields: FieldMerge[];
  /** Values every non-conflicting field takes; conflicting fields hold this owner's value until chosen. */
  merged: EditableConfig;
  conflicts: EditableField[];
};

/** Prompts compare as the server would store them, so a trailing blank chip is not a change. */
function comparable<F extends EditableField>(field: F, value: EditableConfig[F]): unknown {
  return field === 'suggested_prompts' ? normalizeSuggestedPrompts(value as string[]) : value;
}

function isEqual<F extends EditableField>(field: F, a: EditableConfig[F], b: EditableConfig[F]): boolean {
  return JSON.stringify(comparable(field, a)) === JSON.stringify(comparable(field, b));
}

function mergeField<F extends EditableField>(
  field: F,
  base: EditableConfig,
  mine: EditableConfig,
  theirs: EditableConfig,
): FieldMerge<F> {
  const mineChanged = !isEqual(field, base[field], mine[field]);
  const theirsChanged = !isEqual(field, base[field], theirs[field]);
  let outcome: MergeOutcome = 'untouched';
  if (mineChanged && theirsChanged) {
    outcome = isEqual(field, mine[field], theirs[field]) ? 'same' : 'conflict';
  } else if (mineChanged) {
    outcome = 'mine';
  } else if (theirsChanged) {
    outcome = 'theirs';
  }
  return { field, base: base[field], mine: mine[field], theirs: theirs[field], outcome };
}

/**
 * Three-way merge of a config edit that met a newer stored version (409 config_modified):
 * `base` is the version the edit started from, `mine` the owner's form, `theirs` what is stored now.
 */
export function mergeConfig(base: EditableConfig, mine: EditableConfig, theirs: EditableConfig): ConfigMerge {
  const fields = EDITABLE_FIELDS.map((field) => mergeField(field, base, mine, theirs));
  const merged = { ...mine };
  for (const { field, outcome, theirs: theirValue } of fields) {
    if (outcome === 'theirs' || outcome === 'untouched') {
      Object.assign(merged, { [field]: theirValue });
    }
  }
  return {
    fields,
    merged,
    conflicts: fields.filter((merge) => merge.outcome === 'conflict').map((merge) => merge.field),
  };
}

/** The fields whose values differ between two configs, in the form's order (prompts as stored). */
export function differingFields(a: EditableConfig, b: EditableConfig): EditableField[] {
  return EDITABLE_FIELDS.filter((field) => !isEqual(field, a[field], b[field]));
}

/** Applies the owner's choices for the conflicting fields to a merge. */
export function resolveConflicts(
  merge: ConfigMerge,
  choices: Partial<Record<EditableField, 'mine' | 'theirs'>>,
): EditableConfig {
  const resolved = { ...merge.merged };
  for (const fieldMerge of merge.fields) {
    if (fieldMerge.outcome !== 'conflict') continue;
    const choice = choices[fieldMerge.field];
    if (!choice) throw new Error(`No choice made for ${fieldMerge.field}.`);
    Object.assign(resolved, { [fieldMerge.field]: fieldMerge[choice] });
  }
  return resolved;
}

/** Keeps only the editable fields: a served config may carry fields the API added, which a PUT refuses. */
export function editableConfig(config: AgentConfig): EditableConfig {
  return Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, config[field]])) as EditableConfig;
}
