import type { ReactNode } from 'react';
import { Badge } from '@/components/badge';
import { PageHeader } from '@/components/page-header';
import { RelativeTimestamp } from '@/components/relative-timestamp';

/** The screen's heading, with whether it is read-only, never saved, or when it was last saved. */
export function AssistantHeader({
  readOnly,
  neverSaved = false,
  updatedAt = null,
  actions,
}: {
  readOnly: boolean;
  neverSaved?: boolean;
  updatedAt?: string | null;
  actions?: ReactNode;
}) {
  return (
    <PageHeader
      title="Assistant"
      actions={actions}
      badge={
        readOnly ? (
          <Badge>Read-only</Badge>
        ) : neverSaved ? (
          <Badge tone="accent">Defaults, never saved</Badge>
        ) : null
      }
      description={
        <>
          How the store’s sales assistant greets, sounds and helps shoppers.
          {updatedAt ? (
            <span className="block text-sm text-gray-500">
              Last saved <RelativeTimestamp value={updatedAt} />
            </span>
          ) : null}
        </>
      }
    />
  );
}
