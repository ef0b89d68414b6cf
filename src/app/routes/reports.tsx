import { useDocumentTitle } from '@/components/use-document-title';
import { ReportsPage } from '@/features/reports/components/reports-page';
import { OwnersOnly } from './owners-only';

export function ReportsRoute() {
  useDocumentTitle('Reports');
  return (
    <OwnersOnly
      title="Reports"
      refusal={{
        title: 'Only owners see the reports',
        description: 'You are signed in as staff. Ask a store owner for the figures you need.',
      }}
    >
      <ReportsPage />
    </OwnersOnly>
  );
}
