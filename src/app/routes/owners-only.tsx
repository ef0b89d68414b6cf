import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button-classes';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { canManageStore, useCurrentSession } from '@/lib/session-context';

/** An owners' screen: staff reaching its address directly are told why instead of meeting 403s. */
export function OwnersOnly({
  title,
  refusal,
  children,
}: {
  title: string;
  /** What staff read instead: a heading and a sentence. */
  refusal: { title: string; description: string };
  children: ReactNode;
}) {
  const { user } = useCurrentSession();
  if (canManageStore(user.role)) return children;
  return (
    <div className="space-y-8">
      <PageHeader title={title} />
      <EmptyState
        title={refusal.title}
        description={refusal.description}
        action={
          <Link to="/inbox" className={buttonClasses()}>
            Go to the inbox
          </Link>
        }
      />
    </div>
  );
}
