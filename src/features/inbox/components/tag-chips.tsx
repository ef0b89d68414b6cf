import { cx } from '@/components/cx';
import type { TagRef } from '@/schemas/tag-ref';

/**
 * A conversation's tags as small chips: each its name, dark text on a light tint of its colour (the
 * classes of every colour in TAG_COLOURS are kept by `@source inline` in index.css). The name carries
 * the meaning; the colour only helps to spot it. They wrap to a new line rather than being cut.
 */
export function TagChips({ tags, className }: { tags: readonly TagRef[] | undefined; className?: string }) {
  if (!tags?.length) return null;
  return (
    <span className={cx('flex min-w-0 flex-wrap items-center gap-1', className)}>
      <span className="sr-only">Tags:</span>
      {tags.map((tag) => (
        <span
          key={tag.id}
          dir="auto"
          className={`max-w-32 min-w-0 truncate rounded px-1.5 text-xs leading-5 font-medium ring-1 ring-gray-500/20 ring-inset bg-${tag.colour}-50 text-${tag.colour}-900`}
        >
          {tag.name}
        </span>
      ))}
    </span>
  );
}
