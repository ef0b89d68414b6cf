import { useState } from 'react';
import { Button } from '@/components/button';
import { InlineNotice } from '@/components/inline-notice';
import { LazyModalDialog, preloadModalDialog } from '@/components/lazy-modal-dialog';
import { pendingWrite, type PendingWrite } from '@/lib/idempotency';
import { useDeleteNotificationTemplate } from '../api/delete-notification-template';
import { useRefreshIntegrations } from '../api/integrations';
import { describeRemovalFailure } from '../describe-removal-failure';
import { IdForm } from './id-form';

type Removal = PendingWrite<{ templateId: string }>;
type Outcome =
  { removal: Removal; result: 'removed' } | { removal: Removal; result: 'failed'; error: unknown };

/**
 * Removes a notification template by id, after a confirmation. Each confirmed removal has its own
 * Idempotency-Key (minted on confirm; "Try again" after a lost answer resends that same removal), so
 * removing the same id a second time is a new request that the store answers with "not found".
 */
export function RemoveTemplate() {
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const mutation = useDeleteNotificationTemplate();
  const refreshList = useRefreshIntegrations();

  const send = (removal: Removal) => {
    mutation.mutate(removal, {
      onSuccess: () => {
        setOutcome({ removal, result: 'removed' });
        setValue('');
      },
      onError: (error) => setOutcome({ removal, result: 'failed', error }),
      onSettled: () => {
        setConfirming(null);
        // The removal is in the dashboard's history now (or the entry says it was refused).
        refreshList();
      },
    });
  };

  const failure =
    outcome?.result === 'failed'
      ? describeRemovalFailure(outcome.error, outcome.removal.payload.templateId)
      : null;

  return (
    // Focus on the id field: fetch the confirmation's code now, so "Remove…" opens it without a wait.
    <div className="space-y-4" onFocus={preloadModalDialog}>
      <IdForm
        name="Remove a notification template"
        label="Template id"
        submitLabel="Remove…"
        variant="danger"
        missingMessage="Enter the id of the template to remove."
        value={value}
        onValueChange={setValue}
        onSubmitId={setConfirming}
      />

      {outcome?.result === 'removed' ? (
        <InlineNotice role="status" tone="success" title="Template removed">
          “<span className="font-mono break-all">{outcome.removal.payload.templateId}</span>” is no longer in
          your store.
        </InlineNotice>
      ) : null}
      {failure?.tone === 'warning' ? (
        <InlineNotice role="alert" tone="warning" title={failure.title}>
          {failure.description}
        </InlineNotice>
      ) : failure ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-[15px]">
          <p className="font-semibold text-red-900">{failure.title}</p>
          <p className="mt-0.5 text-red-800">{failure.description}</p>
          {failure.canRetry && outcome ? (
            <Button
              className="mt-3"
              size="sm"
              isPending={mutation.isPending}
              onPress={() => send(outcome.removal)}
            >
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}

      <LazyModalDialog
        role="alertdialog"
        title="Remove this template?"
        isOpen={confirming !== null}
        isDismissable={!mutation.isPending}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
      >
        <p className="text-[15px] text-gray-600">
          The notification template “<span className="font-mono break-all text-gray-900">{confirming}</span>”
          will be removed from your store. This cannot be undone from this dashboard.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button autoFocus isDisabled={mutation.isPending} onPress={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isPending={mutation.isPending}
            onPress={() => {
              if (confirming !== null) send(pendingWrite({ templateId: confirming }));
            }}
          >
            Remove template
          </Button>
        </div>
      </LazyModalDialog>
    </div>
  );
}
