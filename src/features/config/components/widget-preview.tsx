import { BUILT_IN_TEXTS, normalizeSuggestedPrompts } from '@/schemas/agent-config';
import type { EditableConfig } from '../merge-config';

/**
 * What a shopper sees on the storefront with the settings in the form: the widget with its name,
 * greeting and starter chips (as they will be stored), or nothing at all when the assistant is off.
 * Persona instructions are withheld from the storefront, so they never appear here.
 */
export function WidgetPreview({
  values,
}: {
  values: Pick<EditableConfig, 'enabled' | 'agent_name' | 'greeting' | 'suggested_prompts'>;
}) {
  const chips = normalizeSuggestedPrompts(values.suggested_prompts);
  // An empty setting is the built-in text on the storefront, so the preview shows that text.
  const name = values.agent_name.trim() || BUILT_IN_TEXTS.agent_name;
  const greeting = values.greeting.trim() || BUILT_IN_TEXTS.greeting;

  return (
    <section aria-labelledby="widget-preview-title" className="space-y-3">
      <div>
        <h2 id="widget-preview-title" className="text-base font-semibold text-gray-900">
          Storefront preview
        </h2>
        <p className="text-sm text-gray-600">What shoppers see with these settings, updated as you type.</p>
      </div>

      {values.enabled ? (
        <div
          data-testid="widget-preview"
          className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-gray-900/10"
        >
          <div className="flex items-center gap-3 bg-indigo-600 px-4 py-3 text-white">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/20 text-sm font-semibold"
            >
              {Array.from(name)[0]?.toUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="truncate text-[15px] font-semibold" title={name}>
                {name}
              </p>
              <p className="text-xs text-indigo-100">Typically replies instantly</p>
            </div>
          </div>
          <div className="space-y-3 bg-gray-50 px-4 py-4">
            <p className="max-w-[90%] rounded-2xl rounded-tl-sm bg-white px-3.5 py-2.5 text-sm break-words whitespace-pre-wrap text-gray-800 shadow-sm ring-1 ring-gray-900/5">
              {greeting}
            </p>
            {chips.length > 0 ? (
              <ul aria-label="Starter prompts shoppers see" className="flex flex-wrap gap-2">
                {chips.map((chip, index) => (
                  <li
                    key={`${index}-${chip}`}
                    className="max-w-full rounded-full border border-indigo-200 bg-white px-3 py-1 text-sm break-words text-indigo-700"
                  >
                    {chip}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-xs text-gray-500">No starter prompts: shoppers start by typing.</p>
            )}
          </div>
          <div className="border-t border-gray-200 bg-white px-4 py-3">
            <div className="rounded-full bg-gray-100 px-4 py-2 text-sm text-gray-400" aria-hidden="true">
              Type a message…
            </div>
          </div>
        </div>
      ) : (
        <div
          data-testid="widget-preview"
          className="rounded-2xl border-2 border-dashed border-gray-300 bg-white px-5 py-10 text-center"
        >
          <p className="text-[15px] font-semibold text-gray-900">Shoppers see nothing</p>
          <p className="mt-1 text-sm text-gray-600">
            The assistant is switched off, so the storefront shows no chat widget at all.
          </p>
        </div>
      )}

      <p className="text-sm text-gray-600">
        Persona instructions are not shown: they shape the assistant’s tone but are withheld from the
        storefront, so shoppers never see them.
      </p>
    </section>
  );
}
