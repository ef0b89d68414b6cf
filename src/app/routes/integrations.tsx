import { useDocumentTitle } from '@/components/use-document-title';
import { IntegrationsPage } from '@/features/integrations/components/integrations-page';
import { OwnersOnly } from './owners-only';

export function IntegrationsRoute() {
  useDocumentTitle('Integrations');
  return (
    <OwnersOnly
      title="Integrations"
      refusal={{
        title: 'Only owners manage integrations',
        description:
          'You are signed in as staff. Ask a store owner if a webhook or notification needs changing.',
      }}
    >
      <IntegrationsPage />
    </OwnersOnly>
  );
}
