import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { RemoveTemplate } from './remove-template';
import { WebhookEndpointLookup } from './webhook-endpoint-lookup';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="space-y-1">
        <h2 id={id} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <p className="max-w-2xl text-[15px] text-gray-600">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** Owners only (the route shows staff why not): webhook endpoints and notification templates by id. */
export function IntegrationsPage() {
  return (
    <div className="space-y-10">
      <PageHeader
        title="Integrations"
        description="Webhook endpoints that receive your store’s events, and the notification templates it sends."
      />
      <Section
        id="webhook-endpoint-heading"
        title="Webhook endpoint"
        description="Look an endpoint up by its id: where it sends events, whether it still receives them, and which topics it is subscribed to."
      >
        <WebhookEndpointLookup />
      </Section>
      <Section
        id="remove-template-heading"
        title="Remove a notification template"
        description="Removing a template takes it out of your store for good. You will be asked to confirm."
      >
        <RemoveTemplate />
      </Section>
    </div>
  );
}
