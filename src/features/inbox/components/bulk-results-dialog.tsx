import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { Spinner } from '@/components/spinner';
import { useCurrentSession } from '@/lib/session-context';
import { assigneeName, shopperName } from '@/lib/conversation-labels';
import type { BulkRun } from '../use-bulk-actions';
import type { ConversationAction } from '../conversation-action';
import { failureMessage } from '../conversation-action-wording';

function describeAction(action: ConversationAction, roster: Parameters<typeof assigneeName>[1]): string {
  switch (action.kind) {
    case 'take-over':
      return 'Take over';
    case 'hand-back':
      return 'Hand back to the bot';
    case 'assign':
      return action.assignee === null ? 'Unassign' : `Assign to ${assigneeName(action.assignee, roster)}`;
    case 'close':
      return 'Close';
    case 'reopen':
      return 'Reopen';
  }
}

/** The outcome of a bulk action, conversation by conversation: which went through, which did not and why. */
export function BulkResultsDialog({
  run,
  onRetryFailed,
  onDismiss,
}: {
  run: BulkRun | null;
  onRetryFailed: () => void;
  onDismiss: () => void;
}) {
  const { roster } = useCurrentSession();
  const items = run?.items ?? [];
  const done = items.filter((item) => item.state === 'done').length;
  const failed = items.filter((item) => item.state === 'failed').length;
  const waiting = items.length - done - failed;
  const title = run ? describeAction(run.action, roster) : '';

  return (
    <ModalDialog
      isOpen={run !== null}
      onOpenChange={(open) => !open && onDismiss()}
      title={`${title}: ${items.length} conversation${items.length === 1 ? '' : 's'}`}
      isDismissable={waiting === 0}
    >
      <p role="status" className="text-sm text-gray-700">
        {waiting > 0
          ? `Working… ${done + failed} of ${items.length} done.`
          : failed === 0
            ? `All ${items.length} went through.`
            : `${done} went through, ${failed} did not.`}
      </p>
      <ul className="mt-3 max-h-72 divide-y divide-gray-100 overflow-y-auto border-y border-gray-100">
        {items.map(({ pending, state, error }) => {
          const reason = state === 'failed' ? failureMessage(pending, error, roster).description : null;
          return (
            <li key={pending.idempotencyKey} className="flex items-start gap-3 py-2.5">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center" aria-hidden="true">
                {state === 'waiting' ? (
                  <Spinner className="text-gray-400" />
                ) : state === 'done' ? (
                  <span className="text-green-700">✓</span>
                ) : (
                  <span className="text-red-700">✕</span>
                )}
              </span>
              <div className="min-w-0 text-sm">
                <p className="font-medium text-gray-900">{shopperName(pending.conversation)}</p>
                <p className={state === 'failed' ? 'text-red-800' : 'text-gray-600'}>
                  {state === 'waiting' ? 'Working…' : state === 'done' ? 'Done' : `Failed: ${reason}`}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {failed > 0 && waiting === 0 ? (
          <Button onPress={onRetryFailed}>Try the failed ones again</Button>
        ) : null}
        <Button variant="primary" onPress={onDismiss} isDisabled={waiting > 0}>
          Done
        </Button>
      </div>
    </ModalDialog>
  );
}
