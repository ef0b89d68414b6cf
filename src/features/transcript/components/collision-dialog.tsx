import { ModalDialog } from '@/components/modal-dialog';
import { SendAnywayButtons } from './send-anyway-buttons';
import { collisionAlso, collisionQuestion, type CollisionWarning } from '../collision';

/**
 * Asks before a reply goes out while a teammate is answering the same shopper. "Keep editing" is the
 * safe default (it has focus; Escape chooses it); the draft stays in the reply box either way.
 */
export function CollisionDialog({
  warning,
  onSendAnyway,
  onKeepEditing,
}: {
  warning: CollisionWarning | null;
  onSendAnyway: () => void;
  onKeepEditing: () => void;
}) {
  const also = warning === null ? null : collisionAlso(warning);
  return (
    <ModalDialog
      isOpen={warning !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onKeepEditing();
      }}
      role="alertdialog"
      title={warning === null ? '' : collisionQuestion(warning)}
    >
      {warning === null ? null : (
        <div className="space-y-3 text-[15px] text-gray-700">
          {warning.replied !== null ? (
            <figure className="space-y-1">
              <figcaption className="text-sm text-gray-600">Their reply:</figcaption>
              <blockquote className="max-h-32 overflow-y-auto rounded-md bg-gray-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-gray-800 ring-1 ring-gray-200">
                {warning.replied.content}
              </blockquote>
            </figure>
          ) : (
            <p>The shopper may get two answers. Your draft is kept if you wait.</p>
          )}
          {also !== null ? <p>{also}</p> : null}
          <SendAnywayButtons onKeepEditing={onKeepEditing} onSendAnyway={onSendAnyway} />
        </div>
      )}
    </ModalDialog>
  );
}
