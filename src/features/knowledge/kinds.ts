import { formatCountOf } from './format-count';
import type { KnowledgeKind } from '@/schemas/knowledge-source';

/** How each kind is named and what it is for, in the filter, the form and the list. */
export const KIND_COPY: Record<KnowledgeKind, { label: string; short: string; description: string }> = {
  faq: {
    label: 'FAQ',
    short: 'FAQ',
    description: 'Questions with their answers. Each pair becomes one piece the assistant can find.',
  },
  doc: {
    label: 'Document',
    short: 'Doc',
    description: 'Prose such as a size guide, a policy or your story, split into passages.',
  },
};

export function chunkCountLabel(count: number): string {
  return formatCountOf(count, 'chunk');
}
