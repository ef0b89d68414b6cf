import { describeApiError, type DescribeContext } from '@/lib/describe-error';
import { Button } from './button';
import { cx } from './cx';

/**
 * What a view shows when loading failed: what happened, what to do, and a retry.
 * The text comes from describeApiError, so a 403 names the missing scope or the role.
 */
export function ErrorState({
  error,
  onRetry,
  isRetrying,
  context,
  className,
}: {
  error: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  context?: DescribeContext;
  className?: string;
}) {
  const { title, description } = describeApiError(error, context);
  return (
    <div role="alert" className={cx('rounded-lg border border-red-200 bg-red-50 px-5 py-4', className)}>
      <h2 className="text-[15px] font-semibold text-red-900">{title}</h2>
      <p className="mt-1 text-[15px] text-red-800">{description}</p>
      {onRetry ? (
        <Button className="mt-3" size="sm" onClick={onRetry} isPending={isRetrying}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
