import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/button-classes';
import { useDocumentTitle } from '@/components/use-document-title';

/** Last resort when something above the screens fails: say so and offer a reload. */
export function RootErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-50 px-4">
      <div role="alert" className="max-w-md text-center">
        <h1 className="text-2xl font-semibold text-gray-900">Something went wrong</h1>
        <p className="mt-2 text-[15px] text-gray-600">
          The dashboard hit an unexpected problem{detail ? ` (${detail})` : ''}. Reloading usually fixes it.
        </p>
        <a href="/" className={buttonClasses({ variant: 'primary', className: 'mt-6' })}>
          Reload the dashboard
        </a>
      </div>
    </main>
  );
}
