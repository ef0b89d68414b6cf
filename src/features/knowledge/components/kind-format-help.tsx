import type { KnowledgeKind } from '@/schemas/knowledge-source';

const FAQ_EXAMPLE = `Q: How long does delivery take?
A: 2 to 4 working days within the EU.

Q: Can I return a sale item?
A: Yes, within 30 days, unworn and with its tags.`;

/**
 * What text each kind needs to give the assistant something to answer from: shown while adding a
 * source and under a source that came out with 0 chunks.
 */
export function KindFormatHelp({ kind }: { kind: KnowledgeKind }) {
  if (kind === 'faq') {
    return (
      <div className="space-y-2 text-sm text-gray-700">
        <p>
          An FAQ needs question and answer pairs: each question on its own line, starting with{' '}
          <code className="rounded bg-gray-100 px-1">Q:</code> or ending with a question mark, and its answer
          on the lines after it.
        </p>
        <pre
          aria-label="Example of the FAQ format"
          className="overflow-x-auto rounded-md bg-gray-50 px-3 py-2 font-mono text-[13px] leading-5 whitespace-pre-wrap text-gray-800 ring-1 ring-gray-200 ring-inset"
        >
          {FAQ_EXAMPLE}
        </pre>
      </div>
    );
  }
  return (
    <p className="text-sm text-gray-700">
      A document needs prose: sentences in paragraphs, separated by blank lines. Lists of codes or numbers,
      symbols or a blank text give the assistant nothing to answer from.
    </p>
  );
}
