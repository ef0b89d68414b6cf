import { BUILT_IN_TEXTS, normalizeSuggestedPrompts } from '@/schemas/agent-config';
import type { EditableConfig, EditableField } from '../merge-config';

/** One field's value as people read it: On/Off, the text (empty = the default), the prompts as stored. */
export function ConfigValue<F extends EditableField>({
  field,
  value,
}: {
  field: F;
  value: EditableConfig[F];
}) {
  if (typeof value === 'boolean') {
    return <span className="font-medium">{value ? 'On' : 'Off'}</span>;
  }
  if (Array.isArray(value)) {
    const prompts = field === 'suggested_prompts' ? normalizeSuggestedPrompts(value) : value;
    if (prompts.length === 0) return <span className="text-gray-500 italic">No starter prompts</span>;
    return (
      <ol className="list-inside list-decimal space-y-0.5">
        {prompts.map((prompt, index) => (
          <li key={`${index}-${prompt}`} className="break-words">
            {prompt}
          </li>
        ))}
      </ol>
    );
  }
  if (value === '') {
    const builtIn = field in BUILT_IN_TEXTS ? BUILT_IN_TEXTS[field as keyof typeof BUILT_IN_TEXTS] : null;
    return (
      <span className="text-gray-500 italic">
        {builtIn ? `Empty: the built-in “${builtIn}”` : 'Empty (the built-in default)'}
      </span>
    );
  }
  return <span className="block max-h-40 overflow-y-auto break-words whitespace-pre-wrap">{value}</span>;
}
