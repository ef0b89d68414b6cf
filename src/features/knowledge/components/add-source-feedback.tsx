import { toast } from '@/components/toast';
import { Button } from '@/components/button';
import { InlineNotice } from '@/components/inline-notice';
import { hasErrorCode } from '@/lib/api-error';
import { describeApiError } from '@/lib/describe-error';
import type { KnowledgeSource } from '@/schemas/knowledge-source';
import { chunkCountLabel } from '../kinds';

/** The toast after a source was added: a warning when nothing usable was found in it. */
export function announceCreated(source: KnowledgeSource) {
  if (source.chunk_count === 0) {
    toast.warning(`“${source.title}” was added, but nothing usable was found in it`, {
      description: 'It has 0 chunks, so the assistant cannot answer from it. The list says how to fix it.',
    });
  } else {
    toast.success(`“${source.title}” was added`, {
      description: `${chunkCountLabel(source.chunk_count)}: the assistant can answer from it now.`,
    });
  }
}

/** What the owner does when adding failed: the store's AI is off, or anything else the API said. */
export function SubmitProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (hasErrorCode(error, 'agent_disabled')) {
    return (
      <InlineNotice
        role="alert"
        tone="warning"
        title="The store’s AI features are off"
        actions={
          <Button size="sm" onPress={onRetry}>
            Retry
          </Button>
        }
      >
        Adding a source needs them: they turn your text into something the assistant can search. An owner
        turns them on in the store’s admin settings (a store-wide setting, not the assistant’s switch on the
        Assistant page). Then retry: everything you entered is still here.
      </InlineNotice>
    );
  }
  const { title, description } = describeApiError(error, { role: 'owner' });
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-[15px]">
      <p className="font-semibold text-red-900">{title}</p>
      <p className="mt-0.5 text-red-800">{description} What you entered is still here.</p>
      <Button className="mt-3" size="sm" onPress={onRetry}>
        Try again
      </Button>
    </div>
  );
}
