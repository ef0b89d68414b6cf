import { Button } from '@/components/button';
import { InlineNotice } from '@/components/inline-notice';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import type { ApiError } from '@/lib/api-error';
import { describeApiError } from '@/lib/describe-error';
import type { Role } from '@/schemas/bff';

/** The notices above the configuration form: who may edit, which version it shows, and what changed. */
export function ConfigNotices({
  isOwner,
  role,
  accessError,
  neverSaved,
  restoredAt,
  isDirty,
  newerVersionAt,
  readOnly,
  onDismissRestored,
  onReview,
}: {
  isOwner: boolean;
  role: Role;
  accessError: ApiError | null;
  neverSaved: boolean;
  restoredAt: string | null;
  isDirty: boolean;
  /** When a version newer than the form's base was saved, or null. */
  newerVersionAt: string | null;
  readOnly: boolean;
  onDismissRestored: () => void;
  onReview: () => void;
}) {
  const access = accessError ? describeApiError(accessError, { role }) : null;
  return (
    <>
      {!isOwner ? (
        <InlineNotice tone="neutral" title="You can view these settings, not change them">
          You are signed in as staff. Only store owners can change the assistant.
        </InlineNotice>
      ) : null}
      {access ? (
        <InlineNotice tone="warning" role="alert" title={access.title}>
          {access.description} The settings are read-only here; your changes are kept in this browser as a
          draft.
        </InlineNotice>
      ) : null}
      {neverSaved && isOwner ? (
        <InlineNotice tone="info" title="These are the default settings">
          This store has never saved an assistant configuration, so shoppers get these defaults. Change
          anything and save to make it yours.
        </InlineNotice>
      ) : null}
      {restoredAt && isDirty ? (
        <InlineNotice
          tone="info"
          role="status"
          title="Your unsaved changes were restored"
          actions={
            <Button size="sm" variant="ghost" onPress={onDismissRestored}>
              Dismiss
            </Button>
          }
        >
          You left them <RelativeTimestamp value={restoredAt} />. Save them, or discard them to go back to the
          stored settings.
        </InlineNotice>
      ) : null}
      {isDirty && newerVersionAt && !readOnly ? (
        <InlineNotice
          tone="warning"
          role="status"
          title="Someone saved changes since you started editing"
          actions={
            <Button size="sm" onPress={onReview}>
              Review changes
            </Button>
          }
        >
          A newer version was saved <RelativeTimestamp value={newerVersionAt} />. Review it now to merge it
          into your draft; if you save first, you will be asked then.
        </InlineNotice>
      ) : null}
    </>
  );
}
