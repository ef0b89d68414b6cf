import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { SHORTCUTS } from '../use-inbox-shortcuts';

/** The `?` sheet: every key of the inbox. */
export function ShortcutsSheet({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <p className="text-sm text-gray-600">
        They work anywhere in the inbox except while you type in a field (Esc leaves the reply box). Actions
        apply to the open conversation, or with none open to the highlighted one in the list; with one open, j
        and k open the next and previous.
      </p>
      <dl className="mt-4 divide-y divide-gray-100 border-y border-gray-100">
        {SHORTCUTS.map(({ keys, label, sequence }) => (
          <div key={label} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-[15px] text-gray-800">{label}</dt>
            <dd className="flex shrink-0 gap-1.5">
              {keys.map((key, index) => (
                <span key={key} className="flex items-center gap-1.5">
                  {index > 0 ? (
                    <span className="text-xs text-gray-600">{sequence ? 'then' : 'or'}</span>
                  ) : null}
                  <kbd className="min-w-7 rounded-md border border-gray-300 bg-gray-50 px-1.5 py-0.5 text-center font-mono text-sm text-gray-800 shadow-[0_1px_0_var(--color-gray-300)]">
                    {key}
                  </kbd>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex justify-end">
        <Button variant="primary" onPress={() => onOpenChange(false)}>
          Done
        </Button>
      </div>
    </ModalDialog>
  );
}
