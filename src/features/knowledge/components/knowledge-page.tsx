import { Badge } from '@/components/badge';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { canManageStore, useCurrentSession } from '@/lib/session-context';

/** Knowledge sources (FAQs and documents) the assistant answers from. A placeholder until the screen is built. */
export function KnowledgePage() {
  const { user } = useCurrentSession();
  const readOnly = !canManageStore(user.role);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Knowledge"
        badge={readOnly ? <Badge>Read-only</Badge> : null}
        description="FAQs and documents the assistant draws on when it answers shoppers."
      />
      <EmptyState
        title="Knowledge sources arrive in a later release"
        description="This screen is not built yet. Sources added through the API keep working."
      />
    </div>
  );
}
