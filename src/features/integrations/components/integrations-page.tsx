import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** Webhook endpoints and notification templates. A placeholder until the integrations screen is built. */
export function IntegrationsPage() {
  return (
    <div className="space-y-8">
      <PageHeader
        title="Integrations"
        description="Webhook endpoints that receive your store's events, and notification templates."
      />
      <EmptyState
        title="Integrations arrive in a later release"
        description="This screen is not built yet. Existing webhook endpoints keep receiving events."
      />
    </div>
  );
}
