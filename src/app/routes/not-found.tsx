import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/button-classes';
import { useDocumentTitle } from '@/components/use-document-title';

/** Any address the app does not know. */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  const location = useLocation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-50 px-4">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-indigo-600">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-gray-900">Page not found</h1>
        <p className="mt-2 text-[15px] break-words text-gray-600">
          There is no page at{' '}
          <code className="rounded bg-gray-100 px-1 py-0.5 text-sm">{location.pathname}</code>. It may have
          moved, or the address has a typo.
        </p>
        <Link to="/inbox" className={buttonClasses({ variant: 'primary', className: 'mt-6' })}>
          Go to the inbox
        </Link>
      </div>
    </main>
  );
}
