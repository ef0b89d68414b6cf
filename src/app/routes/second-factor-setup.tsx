import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/components/use-document-title';
import { useLogout } from '@/features/auth/api/logout';
import { secondFactorStatusQuery } from '@/features/team/api/second-factor';
import { SecondFactorSection } from '@/features/team/components/second-factor-section';
import { useCurrentSession } from '@/lib/session-context';

/**
 * What someone sees, signed in, while the owners require a second factor they have not set up: its setup
 * alone (every other route of the BFF refuses them until it is on), then the dashboard.
 */
export function SecondFactorSetupRoute() {
  useDocumentTitle('Set up a second factor');
  const { user } = useCurrentSession();
  const status = useQuery(secondFactorStatusQuery());
  const logout = useLogout();
  return (
    <main className="mx-auto max-w-2xl space-y-8 px-4 py-10">
      <PageHeader
        title="Set up a second factor to continue"
        description={`Your store asks everyone it names to sign in with a code from an authenticator app. Signed in as ${user.name}, ${user.email}.`}
      />
      <SecondFactorSection />
      <div className="flex flex-wrap gap-3">
        {status.data?.on ? (
          // A full load: every screen starts again with the session the dashboard now opens.
          <Button variant="primary" onPress={() => window.location.reload()}>
            Continue to the dashboard
          </Button>
        ) : null}
        <Button variant="secondary" onPress={() => logout.mutate()} isPending={logout.isPending}>
          Sign out
        </Button>
      </div>
    </main>
  );
}
