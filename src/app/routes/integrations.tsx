import { Link } from 'react-router';
import { buttonClasses } from '@/components/button-classes';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/components/use-document-title';
import { IntegrationsPage } from '@/features/integrations/components/integrations-page';
import { canManageStore, useCurrentSession } from '@/lib/session-context';

/** Owners only: staff reaching the address directly are told why instead of meeting 403s. */
export function IntegrationsRoute() {
  useDocumentTitle('Integrations');
  const { user } = useCurrentSession();
  if (!canManageStore(user.role)) {
    return (
      <div className="space-y-8">
        <PageHeader title="Integrations" />
        <EmptyState
          title="Only owners manage integrations"
          description="You are signed in as staff. Ask a store owner if a webhook or notification needs changing."
          action={
            <Link to="/inbox" className={buttonClasses()}>
              Go to the inbox
            </Link>
          }
        />
      </div>
    );
  }
  return <IntegrationsPage />;
}
