import { ModalDialog } from '@/components/modal-dialog';
import { SendAnywayButtons } from '../components/send-anyway-buttons';
import type { VariableProblem } from '@/lib/fill-variables';

/**
 * Asks before a reply goes out with a variable still written in it (a saved reply's value this
 * conversation does not have, an unknown name, unclosed braces, a fallback not in quotes). "Keep editing" is the safe default (it has focus; Escape chooses it).
 */
export function UnfilledVariablesDialog({
  variables,
  onSendAnyway,
  onKeepEditing,
}: {
  variables: VariableProblem[];
  onSendAnyway: () => void;
  onKeepEditing: () => void;
}) {
  return (
    <ModalDialog
      isOpen={variables.length > 0}
      onOpenChange={(isOpen) => {
        if (!isOpen) onKeepEditing();
      }}
      role="alertdialog"
      title={`This reply has ${variables.length === 1 ? 'an unfilled variable' : `${variables.length} unfilled variables`}`}
    >
      <div className="space-y-3 text-[15px] text-gray-700">
        <ul className="space-y-1">
          {variables.map(({ variable, problem }, index) => (
            <li key={index}>
              <code className="rounded bg-gray-100 px-1 text-sm">{variable}</code> {problem}
            </li>
          ))}
        </ul>
        <p>The shopper would read {variables.length === 1 ? 'it' : 'them'} as written. Send anyway?</p>
        <SendAnywayButtons onKeepEditing={onKeepEditing} onSendAnyway={onSendAnyway} />
      </div>
    </ModalDialog>
  );
}
