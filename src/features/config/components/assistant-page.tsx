import { ErrorState } from '@/components/error-state';
import { Skeleton } from '@/components/skeleton';
import { canManageStore, useCurrentSession } from '@/lib/session-context';
import { useAgentConfig } from '../api/get-agent-config';
import { AssistantHeader } from './assistant-header';
import { ConfigEditor } from './config-editor';

/** Holds the space of the form and the preview while the config loads, so nothing jumps when it arrives. */
function AssistantSkeleton() {
  const section = (lines: number) => (
    <div className="space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <Skeleton className="h-5 w-32" />
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="space-y-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
  return (
    <div role="status" aria-label="Loading the assistant settings" className="space-y-6">
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          {section(1)}
          {section(4)}
        </div>
        <div className="space-y-3">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-72 w-full rounded-2xl" />
        </div>
      </div>
    </div>
  );
}

/** The assistant's configuration screen: loads the stored config, then the editor (read-only for staff). */
export function AssistantPage() {
  const { user } = useCurrentSession();
  const config = useAgentConfig();

  if (config.data) return <ConfigEditor server={config.data} />;

  return (
    <div className="space-y-6">
      <AssistantHeader readOnly={!canManageStore(user.role)} />
      {config.isError ? (
        <ErrorState
          error={config.error}
          context={{ role: user.role }}
          onRetry={() => void config.refetch()}
          isRetrying={config.isFetching}
        />
      ) : (
        <AssistantSkeleton />
      )}
    </div>
  );
}
