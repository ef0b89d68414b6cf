import type { ReactNode } from 'react';
import { Badge } from '@/components/badge';
import { InlineNotice } from '@/components/inline-notice';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { formatDateTime } from '@/lib/format';
import type { WebhookEndpoint } from '@/schemas/webhook-endpoint';
import { describeSubscriptions } from '../topic-scopes';

function Scope({ children }: { children: ReactNode }) {
  return (
    <code className="inline-block rounded bg-gray-100 px-1.5 py-0.5 font-mono text-[13px] text-gray-800">
      {children}
    </code>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-0.5 text-[15px] text-gray-900">{children}</dd>
    </div>
  );
}

/** An endpoint is auto-disabled when the store turned it off itself (auto_disabled_at set). */
function endpointState(endpoint: WebhookEndpoint): 'active' | 'auto-disabled' | 'inactive' {
  if (endpoint.is_active) return 'active';
  return endpoint.auto_disabled_at === null ? 'inactive' : 'auto-disabled';
}

const STATE_BADGES = {
  active: <Badge tone="success">Active</Badge>,
  'auto-disabled': <Badge tone="danger">Auto-disabled</Badge>,
  inactive: <Badge>Inactive</Badge>,
};

/** Where an endpoint sends events, whether it still does, and what it is subscribed to. */
export function WebhookEndpointDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  const state = endpointState(endpoint);
  const { topics, readScopes } = describeSubscriptions(endpoint.subscribed_events);

  return (
    <article
      aria-labelledby="webhook-endpoint-url"
      className="space-y-5 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="text-sm text-gray-500">Sends events to</p>
          <h3 id="webhook-endpoint-url" className="font-mono text-[15px] font-medium break-all text-gray-900">
            {endpoint.url}
          </h3>
        </div>
        <p className="flex shrink-0 items-center gap-2 text-sm text-gray-600">
          {STATE_BADGES[state]}
          {state === 'auto-disabled' && endpoint.auto_disabled_at !== null ? (
            <RelativeTimestamp value={endpoint.auto_disabled_at} />
          ) : null}
        </p>
      </div>

      {state === 'auto-disabled' && endpoint.auto_disabled_at !== null ? (
        <InlineNotice tone="warning" title="The store stopped sending events to this endpoint">
          It was auto-disabled on {formatDateTime(endpoint.auto_disabled_at)} (
          <RelativeTimestamp value={endpoint.auto_disabled_at} />) and has received no events since. Check
          that the URL answers, then turn the endpoint back on where your store’s webhooks are managed: this
          dashboard cannot re-enable it.
        </InlineNotice>
      ) : state === 'inactive' ? (
        <InlineNotice tone="neutral" title="This endpoint is turned off">
          It receives no events until it is turned back on.
        </InlineNotice>
      ) : null}

      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Meta label="Id">
          <span className="font-mono text-sm break-all">{endpoint.id}</span>
        </Meta>
        <Meta label="Created">
          <RelativeTimestamp value={endpoint.created_at} />
        </Meta>
        <Meta label="Updated">
          <RelativeTimestamp value={endpoint.updated_at} />
        </Meta>
      </dl>

      <div className="space-y-3">
        <h4 className="text-[15px] font-semibold text-gray-900">Subscribed topics</h4>
        {topics.length === 0 ? (
          <p className="text-[15px] text-gray-600">This endpoint is subscribed to no topics.</p>
        ) : (
          <div className="overflow-hidden rounded-md ring-1 ring-gray-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-xs font-medium tracking-wide text-gray-500 uppercase">
                <tr>
                  <th scope="col" className="w-1/2 px-3 py-2 font-medium">
                    Topic
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Read scope needed
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {topics.map((item) => (
                  <tr key={item.topic} className="align-top">
                    <th scope="row" className="px-3 py-2.5 font-normal">
                      <span className="font-mono text-[13px] text-gray-900">{item.topic}</span>
                      {item.kind === 'wildcard' ? (
                        <span className="mt-0.5 block text-gray-600">
                          Every topic, including ones added later
                        </span>
                      ) : null}
                    </th>
                    <td className="px-3 py-2.5">
                      {item.kind === 'unknown' ? (
                        <span className="text-gray-600">Not a documented topic</span>
                      ) : (
                        <span className="flex flex-wrap gap-1.5">
                          {item.scopes.map((scope) => (
                            <Scope key={scope}>{scope}</Scope>
                          ))}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {readScopes.length > 0 ? (
          <p className="text-sm text-gray-600">
            Subscribing to these takes an API key with <Scope>write_webhooks</Scope> plus{' '}
            {readScopes.map((scope, index) => (
              <span key={scope}>
                {index > 0 ? (index === readScopes.length - 1 ? ' and ' : ', ') : null}
                <Scope>{scope}</Scope>
              </span>
            ))}
            .
          </p>
        ) : null}
      </div>
    </article>
  );
}
