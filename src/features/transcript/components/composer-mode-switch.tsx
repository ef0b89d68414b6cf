import { cx } from '@/components/cx';
import type { ComposerMode } from '../drafts';

const MODES: readonly { mode: ComposerMode; label: string; key: string }[] = [
  { mode: 'reply', label: 'Reply', key: 'r' },
  { mode: 'note', label: 'Note', key: 'n' },
];

/**
 * Reply to the shopper or write an internal note: two toggle buttons above the composer (`r` and `n` in
 * the inbox choose them too). The Note side is amber, as the note composer is.
 */
export function ComposerModeSwitch({
  mode,
  onChange,
}: {
  mode: ComposerMode;
  onChange: (mode: ComposerMode) => void;
}) {
  return (
    <div role="group" aria-label="Write" className="inline-flex rounded-md bg-gray-100 p-0.5 text-sm">
      {MODES.map((option) => (
        <button
          key={option.mode}
          type="button"
          aria-pressed={mode === option.mode}
          aria-keyshortcuts={option.key}
          onClick={() => onChange(option.mode)}
          className={cx(
            'rounded px-3 py-1 font-medium outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
            mode !== option.mode
              ? 'text-gray-700 hover:text-gray-900'
              : option.mode === 'note'
                ? 'bg-amber-200 text-amber-950 shadow-xs'
                : 'bg-white text-gray-900 shadow-xs',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
