import { Label, Radio, RadioGroup } from 'react-aria-components';
import { cx } from '@/components/cx';
import { KNOWLEDGE_KINDS, type KnowledgeKind } from '@/schemas/knowledge-source';
import { KIND_COPY } from '../kinds';

const ALL = 'all';

/** Show: All / FAQ / Doc, one segmented radio group (arrow keys move between the options). */
export function KindFilter({
  kind,
  onChange,
}: {
  kind: KnowledgeKind | undefined;
  onChange: (kind: KnowledgeKind | undefined) => void;
}) {
  const options = [
    { value: ALL, label: 'All' },
    ...KNOWLEDGE_KINDS.map((value) => ({ value, label: KIND_COPY[value].short })),
  ];
  return (
    <RadioGroup
      value={kind ?? ALL}
      onChange={(value) => onChange(value === ALL ? undefined : (value as KnowledgeKind))}
      orientation="horizontal"
      className="flex items-center gap-3"
    >
      <Label className="text-sm font-medium text-gray-700">Show</Label>
      <div className="inline-flex rounded-lg bg-gray-100 p-1 ring-1 ring-gray-200 ring-inset">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={({ isSelected, isFocusVisible }) =>
              cx(
                'min-w-14 cursor-pointer rounded-md px-3 py-1 text-center text-sm font-medium transition-colors',
                isSelected
                  ? 'bg-white text-gray-900 shadow-sm ring-1 ring-gray-200'
                  : 'text-gray-600 hover:text-gray-900',
                isFocusVisible && 'ring-2 ring-indigo-500',
              )
            }
          >
            {option.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
