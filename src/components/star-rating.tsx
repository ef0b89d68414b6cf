import { cx } from './cx';

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

/**
 * A read-only 1-5 star rating. Low ratings (1-2) stand out in red with a "Low rating" word, so they are
 * noticed without relying on colour; the whole is one image with a spoken label.
 */
export function StarRating({
  value,
  max = 5,
  label,
  className,
}: {
  value: number;
  max?: number;
  /** What a screen reader says, e.g. "Shopper rated 2 out of 5". */
  label: string;
  className?: string;
}) {
  const isLow = value <= 2;
  return (
    <span className={cx('inline-flex items-center gap-1.5', className)}>
      <span role="img" aria-label={label} className="inline-flex items-center gap-px">
        {Array.from({ length: max }, (_, index) => (
          <svg
            key={index}
            viewBox="0 0 20 20"
            aria-hidden="true"
            className={cx(
              'size-3.5',
              index < value ? (isLow ? 'fill-red-500' : 'fill-amber-400') : 'fill-gray-300',
            )}
          >
            <path d={STAR_PATH} />
          </svg>
        ))}
      </span>
      {isLow ? (
        <span className="rounded-full bg-red-50 px-1.5 py-px text-xs font-medium text-red-700 ring-1 ring-red-600/20 ring-inset">
          Low rating
        </span>
      ) : null}
    </span>
  );
}
