import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** The human-handoff inbox. A placeholder until the inbox screen is built. */
export function InboxPage() {
  return (
    <div className="space-y-8">
      <PageHeader
        title="Inbox"
        description="Conversations the assistant handed to a person: take them over, assign them, reply to shoppers and close them."
      />
      <EmptyState
        title="The inbox arrives in a later release"
        description="This screen is not built yet. Nothing is shown here until it can show your store's real conversations."
      />
    </div>
  );
}
