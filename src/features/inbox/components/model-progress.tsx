import type { InboxResponse } from '@/schemas/inbox';

/**
 * How far the BFF got over the store after a first start: listing it (the list comes from the store's own
 * list meanwhile, without counts or previews), then reading the active conversations' transcripts (lists
 * and counts are complete; previews and waiting times fill in). Nothing once it is done.
 */
export function ModelProgress({ model }: { model: InboxResponse | undefined }) {
  if (!model || model.ready) return null;
  const text = model.listed
    ? `Previews for ${model.previews.read.toLocaleString()} of ${model.previews.of.toLocaleString()} active conversations`
    : 'Reading the store: counts and previews follow';
  return <p className="border-b border-gray-200 px-3 py-1 text-xs text-gray-600">{text}</p>;
}
