import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { KnownIntegrations } from './known-integrations';
import { RemoveTemplate } from './remove-template';
import { RetentionSetting } from './retention-setting';
import { WebhookEndpointLookup } from './webhook-endpoint-lookup';

/**
 * Owners only (the route shows staff why not): webhook endpoints and notification templates by id, and
 * how long the dashboard keeps its own records.
 */
export function IntegrationsPage() {
  return (
    <div className="space-y-10">
      <PageHeader
        title="Integrations"
        description="Webhook endpoints that receive your store’s events, the notification templates it sends, and how long the dashboard keeps its own records."
      />
      <Section look="plain" id="known-integrations-heading" title="Integrations the dashboard knows">
        <KnownIntegrations />
      </Section>
      <Section
        look="plain"
        id="webhook-endpoint-heading"
        title="Webhook endpoint"
        description="Look an endpoint up by its id: where it sends events, whether it still receives them, and which topics it is subscribed to."
      >
        <WebhookEndpointLookup />
      </Section>
      <Section
        look="plain"
        id="remove-template-heading"
        title="Remove a notification template"
        description="Removing a template takes it out of your store for good. You will be asked to confirm."
      >
        <RemoveTemplate />
      </Section>
      <Section
        look="plain"
        id="retention-heading"
        title="Conversation history kept by the dashboard"
        description="The dashboard keeps its own copy of conversations and messages, each conversation’s history (who took it over, assigned or closed it) and a record of who did what. Older than this, they are removed; the store’s own data is not affected."
      >
        <RetentionSetting />
      </Section>
    </div>
  );
}
