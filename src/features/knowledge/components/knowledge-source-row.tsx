import { useId, useState, type ReactNode } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import type { KnowledgeSource } from '@/schemas/knowledge-source';
import type { KnowledgeText } from '@/schemas/knowledge-text';
import { KIND_COPY } from '../kinds';
import { KindFormatHelp } from './kind-format-help';
import { KnowledgeTextPanel } from './knowledge-text-panel';

/** The columns of a row on wide screens; the list's header row uses the same template. */
export const SOURCE_GRID =
  'sm:grid sm:grid-cols-[minmax(0,1fr)_4.5rem_4.5rem_8.5rem_8.5rem] sm:items-start sm:gap-x-4';

function WarningIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="mt-0.5 size-4 shrink-0 text-amber-600"
    >
      <path
        fillRule="evenodd"
        d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** A source that produced 0 chunks: what that means for shoppers and how to fix it. */
function ZeroChunkNotice({ source }: { source: KnowledgeSource }) {
  return (
    <div className="mt-2 rounded-md bg-amber-50 px-3 py-2 ring-1 ring-amber-600/20 ring-inset">
      <p className="flex gap-2 text-sm text-amber-900">
        <WarningIcon />
        <span>
          <strong className="font-semibold">Nothing usable was found in this text</strong>, so the assistant
          cannot answer anything from it.
        </span>
      </p>
      <details className="group mt-1 pl-6">
        <summary className="cursor-pointer rounded text-sm font-medium text-amber-900 underline decoration-amber-600/40 underline-offset-2 hover:decoration-amber-700">
          How to fix it
        </summary>
        <div className="mt-2 space-y-2">
          <KindFormatHelp kind={source.kind} />
          <p className="text-sm text-gray-700">
            A source cannot be edited or deleted: add the text again, in this format, as a new source.
          </p>
        </div>
      </details>
    </div>
  );
}

/** One value of a row: labelled inline on phones ("Chunks 3"), under the header row's column on wide screens. */
function Field({
  label,
  children,
  labelHidden,
}: {
  label: string;
  children: ReactNode;
  labelHidden?: boolean;
}) {
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className={labelHidden ? 'sr-only' : 'text-sm text-gray-500 sm:sr-only'}>{label}</dt>
      <dd className="text-sm text-gray-700">{children}</dd>
    </div>
  );
}

export function KnowledgeSourceRow({
  source,
  onEditCopy,
}: {
  source: KnowledgeSource;
  /** Owners: starts a new source from this one's kept text. */
  onEditCopy: ((text: KnowledgeText) => void) | undefined;
}) {
  const empty = source.chunk_count === 0;
  const [showText, setShowText] = useState(false);
  const panelId = useId();
  return (
    <li className={`px-4 py-3.5 sm:px-5 ${SOURCE_GRID}`}>
      <h3 className="min-w-0 text-[15px] font-medium break-words text-gray-900">{source.title}</h3>
      <dl className="mt-2 flex flex-wrap items-baseline gap-x-4 gap-y-1 sm:contents">
        <Field label="Kind" labelHidden>
          <Badge tone={source.kind === 'faq' ? 'accent' : 'neutral'}>{KIND_COPY[source.kind].short}</Badge>
        </Field>
        <Field label="Chunks">
          {empty ? (
            <Badge tone="warning">0</Badge>
          ) : (
            <span className="tabular-nums">{source.chunk_count}</span>
          )}
        </Field>
        <Field label="Created">
          <RelativeTimestamp value={source.created_at} />
        </Field>
        <Field label="Updated">
          <RelativeTimestamp value={source.updated_at} />
        </Field>
      </dl>
      {/* After the values on phones, under the title on wide screens. */}
      {empty ? (
        <div className="min-w-0 sm:col-start-1 sm:row-start-2">
          <ZeroChunkNotice source={source} />
        </div>
      ) : null}
      <div className="mt-2 min-w-0 sm:col-start-1">
        <Button
          size="sm"

          aria-expanded={showText}
          aria-controls={showText ? panelId : undefined}
          onPress={() => setShowText((shown) => !shown)}
          aria-label={`${showText ? 'Hide' : 'Read'} the text of “${source.title}”`}
        >
          {showText ? 'Hide the text' : 'Read the text'}
        </Button>
        {showText ? (
          <div id={panelId} className="mt-2">
            <KnowledgeTextPanel sourceId={source.id} onEditCopy={onEditCopy} />
          </div>
        ) : null}
      </div>
    </li>
  );
}
