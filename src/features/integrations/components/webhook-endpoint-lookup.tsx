import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { InlineNotice } from '@/components/inline-notice';
import { Skeleton } from '@/components/skeleton';
import { isApiError } from '@/lib/api-error';
import { useWebhookEndpoint } from '../api/get-webhook-endpoint';
import { useRefreshIntegrations } from '../api/integrations';
import { IdForm } from './id-form';
import { WebhookEndpointDetails } from './webhook-endpoint-details';

const PARAM = 'endpoint';

function LookupForm({ initialId, onLookUp }: { initialId: string; onLookUp: (id: string) => void }) {
  const [value, setValue] = useState(initialId);
  return (
    <IdForm
      isSearch
      name="Webhook endpoint"
      label="Endpoint id"
      submitLabel="Look up"
      missingMessage="Enter the id of a webhook endpoint."
      value={value}
      onValueChange={setValue}
      onSubmitId={onLookUp}
    />
  );
}

function DetailsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Looking up the endpoint"
      className="space-y-5 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <div className="space-y-2">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-5 w-3/4" />
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="space-y-1.5">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-5 w-24" />
          </div>
        ))}
      </div>
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/**
 * Looks a webhook endpoint up by id (there is no list route). The id lives in the address
 * (`?endpoint=`), so a reload or a shared link shows the same endpoint.
 */
export function WebhookEndpointLookup() {
  const [params, setParams] = useSearchParams();
  const id = params.get(PARAM)?.trim() || null;
  // The dashboard server remembers what the store answered: the list above shows it after each answer.
  const query = useWebhookEndpoint(id, useRefreshIntegrations());

  const lookUp = (next: string) => {
    if (next === id) {
      void query.refetch();
      return;
    }
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set(PARAM, next);
      return updated;
    });
  };

  return (
    <div className="space-y-5">
      {/* Remounted when the address changes (back, forward), so the field shows the id looked up. */}
      <LookupForm key={id ?? ''} initialId={id ?? ''} onLookUp={lookUp} />
      {id === null ? null : query.isPending ? (
        <DetailsSkeleton />
      ) : query.isError ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <InlineNotice role="alert" tone="warning" title="No webhook endpoint with that id in this store">
            Nothing answers to “<span className="font-mono break-all">{id}</span>” here. Check the id for a
            typo; endpoints of other stores cannot be looked up from this dashboard.
          </InlineNotice>
        ) : (
          <ErrorState
            error={query.error}
            context={{ role: 'owner' }}
            onRetry={() => void query.refetch()}
            isRetrying={query.isRefetching}
          />
        )
      ) : (
        <WebhookEndpointDetails endpoint={query.data.data} />
      )}
    </div>
  );
}
