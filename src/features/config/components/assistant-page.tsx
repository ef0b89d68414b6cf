import { Badge } from '@/components/badge';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { canManageStore, useCurrentSession } from '@/lib/session-context';

/** The assistant's configuration. A placeholder until the configuration screen is built. */
export function AssistantPage() {
  const { user } = useCurrentSession();
  const readOnly = !canManageStore(user.role);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Assistant"
        badge={readOnly ? <Badge>Read-only</Badge> : null}
        description={
          readOnly
            ? "How the store's sales assistant greets, sounds and helps shoppers. Only owners can change it."
            : "How the store's sales assistant greets, sounds and helps shoppers: its switch, name, greeting, persona, skills and starter prompts."
        }
      />
      <EmptyState
        title="The assistant settings arrive in a later release"
        description="This screen is not built yet. The assistant keeps running with its current configuration."
      />
    </div>
  );
}
