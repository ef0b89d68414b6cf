import { lazy, Suspense, useState, type ReactNode } from 'react';
import { channelLabel, shopperName } from '@/lib/conversation-labels';
import { useMediaQuery } from '@/lib/use-media-query';
import { OthersLoading } from './others-loading';
import type { Conversation } from '@/schemas/conversation';

/** Tailwind's 2xl: where the pane is wide enough for a column beside the transcript. */
const WIDE = '(min-width: 96rem)';

/** The list of other conversations, loaded with the first conversation opened, not with the inbox. */
const OtherConversations = lazy(() => import('./other-conversations'));

function Details({ conversation }: { conversation: Conversation }): ReactNode {
  const customerId = conversation.customer_id;
  const rows: [string, string][] = [
    ['Name', shopperName(conversation)],
    ['Email', conversation.email ?? 'Not given'],
    ['Channel', channelLabel(conversation.channel)],
  ];
  if (typeof customerId === 'string' || typeof customerId === 'number')
    rows.push(['Customer ID', String(customerId)]);
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-gray-500">{term}</dt>
          <dd className="break-words text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Who the shopper is and their other conversations (same email or customer id), each a link. Wide
 * screens: a column beside the transcript. Narrower: a closed disclosure under it, so the transcript
 * keeps its height until someone asks for this.
 */
export function CustomerContext({ conversation }: { conversation: Conversation }) {
  // Without matchMedia (jsdom), narrow.
  const isWide = useMediaQuery(WIDE);
  // Closed, it reads nothing: the list is asked for once someone opens it.
  const [isOpen, setIsOpen] = useState(false);
  const body = (
    <div className="space-y-4">
      <Details conversation={conversation} />
      <section aria-labelledby="other-conversations-heading" className="space-y-2">
        <h3 id="other-conversations-heading" className="text-sm font-semibold text-gray-900">
          Other conversations
        </h3>
        <Suspense fallback={<OthersLoading />}>
          <OtherConversations conversationId={conversation.id} />
        </Suspense>
      </section>
    </div>
  );
  if (isWide)
    return (
      <aside
        aria-label="Customer"
        className="w-80 shrink-0 overflow-y-auto border-l border-gray-200 px-4 py-3"
      >
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-gray-500 uppercase">Customer</h2>
        {body}
      </aside>
    );
  return (
    <details
      className="shrink-0 border-t border-gray-200"
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer px-4 py-1.5 text-sm font-medium text-gray-700 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset sm:px-5">
        Customer and other conversations
      </summary>
      {isOpen ? <div className="max-h-64 overflow-y-auto px-4 pb-3 sm:px-5">{body}</div> : null}
    </details>
  );
}
