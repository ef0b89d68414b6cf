import { ModalDialog } from '@/components/modal-dialog';
import { SendAnywayButtons } from '../components/send-anyway-buttons';

/**
 * Asks before a reply goes out with a variable still written in it (a saved reply's value this
 * conversation does not have). "Keep editing" is the safe default (it has focus; Escape chooses it).
 */
export function UnfilledVariablesDialog({
  variables,
  onSendAnyway,
  onKeepEditing,
}: {
  variables: string[];
  onSendAnyway: () => void;
  onKeepEditing: () => void;
}) {
  const [first] = variables;
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
        <p>
          {variables.length === 1 ? (
            <>
              <code className="rounded bg-gray-100 px-1 text-sm">{first}</code> has no value in this
              conversation
            </>
          ) : (
            <>
              {variables.map((variable, index) => (
                <span key={index}>
                  {index > 0 ? ', ' : null}
                  <code className="rounded bg-gray-100 px-1 text-sm">{variable}</code>
                </span>
              ))}{' '}
              have no value in this conversation
            </>
          )}{' '}
          and the shopper would read it as written. Send anyway?
        </p>
        <SendAnywayButtons onKeepEditing={onKeepEditing} onSendAnyway={onSendAnyway} />
      </div>
    </ModalDialog>
  );
}
