import { useId } from 'react';
import { cx } from '@/components/cx';
import { KNOWLEDGE_KINDS, type KnowledgeKind } from '@/schemas/knowledge-source';
import { KIND_COPY } from '../kinds';

const ALL = 'all';

/**
 * Show: All / FAQ / Doc, one segmented radio group of native radios sharing a name (arrow keys move
 * and select, Tab enters at the checked one), each visually hidden inside the segment a person clicks.
 */
export function KindFilter({
  kind,
  onChange,
}: {
  kind: KnowledgeKind | undefined;
  onChange: (kind: KnowledgeKind | undefined) => void;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const selected = kind ?? ALL;
  const options = [
    { value: ALL, label: 'All' },
    ...KNOWLEDGE_KINDS.map((value) => ({ value, label: KIND_COPY[value].short })),
  ];
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="flex items-center gap-3">
      <span id={labelId} className="text-sm font-medium text-gray-700">
        Show
      </span>
      <div className="inline-flex rounded-lg bg-gray-100 p-1 ring-1 ring-gray-200 ring-inset">
        {options.map((option) => {
          const isSelected = option.value === selected;
          return (
            <label key={option.value} className="relative flex cursor-pointer">
              <input
                type="radio"
                name={`${id}-kind`}
                value={option.value}
                checked={isSelected}
                onChange={() => onChange(option.value === ALL ? undefined : (option.value as KnowledgeKind))}
                className="peer sr-only"
              />
              <span
                className={cx(
                  'min-w-14 rounded-md px-3 py-1 text-center text-sm font-medium transition-colors',
                  isSelected
                    ? 'bg-white text-gray-900 shadow-sm ring-1 ring-gray-200'
                    : 'text-gray-600 hover:text-gray-900',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500',
                )}
              >
                {option.label}
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
