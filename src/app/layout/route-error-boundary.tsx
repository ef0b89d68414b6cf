import { QueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { ErrorState } from '@/components/error-state';

/**
 * One screen's error boundary: a render error (or a query thrown to it) replaces only that screen
 * with an explanation and a retry; the navigation stays usable and moving elsewhere clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          resetKeys={[location.pathname]}
          onReset={reset}
          fallback={({ error, reset: retry }) => (
            <div className="py-4">
              <ErrorState error={error} onRetry={retry} />
            </div>
          )}
        >
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
