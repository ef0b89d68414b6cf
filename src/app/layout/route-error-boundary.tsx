import { QueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
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
          onError={(error, info) => console.error('A view failed to render', error, info.componentStack)}
          fallbackRender={({ error, resetErrorBoundary }) => (
            <div className="py-4">
              <ErrorState error={error} onRetry={resetErrorBoundary} />
            </div>
          )}
        >
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
