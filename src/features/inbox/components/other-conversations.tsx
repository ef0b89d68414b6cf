import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { channelLabel } from '@/lib/conversation-labels';
import { inboxKeys } from '@/lib/query-keys';
import { lastActivityAt } from '@/schemas/inbox-rules';
import { getInbox } from '../api/get-inbox';
import { StatusBadge } from './conversation-badges';
import { OthersLoading } from './others-loading';

/**
 * The shopper's other conversations, from the read model (no upstream read); the live sync refreshes it,
 * also when the model becomes listed (a `previews` event).
 */
function useOtherConversations(conversationId: string) {
  const query = { customer_of: conversationId };
  return useQuery({
    queryKey: inboxKeys.list(query),
    queryFn: ({ signal }) => getInbox({ query, signal }),
    refetchOnWindowFocus: false,
  });
}

export default function OtherConversations({ conversationId }: { conversationId: string }) {
  const { search } = useLocation();
  const query = useOtherConversations(conversationId);
  if (query.isPending) return <OthersLoading />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        className="px-3 py-2"
      />
    );
  if (!query.data.listed)
    return (
      <p className="text-sm text-gray-600">
        Other conversations cannot be listed yet: the inbox is still reading the store.
      </p>
    );
  const rows = query.data.data;
  if (rows.length === 0) return <p className="text-sm text-gray-600">No other conversations</p>;
  return (
    <ul className="space-y-1">
      {rows.map((row) => (
        <li key={row.conversation.id}>
          <Link
            to={`/inbox/${encodeURIComponent(row.conversation.id)}${search}`}
            className="block rounded-md px-2 py-1.5 text-sm outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-medium text-indigo-700">
                {channelLabel(row.conversation.channel)}
              </span>
              <StatusBadge status={row.conversation.status} />
            </span>
            {row.last_message ? (
              <span className="block truncate text-gray-700">{row.last_message.preview}</span>
            ) : null}
            <span className="block text-xs text-gray-500">
              Last activity <RelativeTimestamp value={lastActivityAt(row)} />
            </span>
          </Link>
        </li>
      ))}
      {query.data.page.has_more ? (
        <li className="px-2 text-xs text-gray-500">Only the {rows.length} most recent are listed.</li>
      ) : null}
    </ul>
  );
}
