import { Link } from 'react-router';
import { buttonClasses } from '@/components/button-classes';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/components/use-document-title';
import { ReportsPage } from '@/features/reports/components/reports-page';
import { canManageStore, useCurrentSession } from '@/lib/session-context';

/** Owners only: staff reaching the address directly are told why instead of meeting a 403. */
export function ReportsRoute() {
  useDocumentTitle('Reports');
  const { user } = useCurrentSession();
  if (!canManageStore(user.role)) {
    return (
      <div className="space-y-8">
        <PageHeader title="Reports" />
        <EmptyState
          title="Only owners see the reports"
          description="You are signed in as staff. Ask a store owner for the figures you need."
          action={
            <Link to="/inbox" className={buttonClasses()}>
              Go to the inbox
            </Link>
          }
        />
      </div>
    );
  }
  return <ReportsPage />;
}
