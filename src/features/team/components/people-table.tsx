import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { describeApiError } from '@/lib/describe-error';
import { useCurrentSession } from '@/lib/session-context';
import type { TeamLink, TeamMember } from '@/schemas/team';
import { useTeamWrites } from '../api/team';

/** Each person with role, status, store user and last activity, and what an owner can do about them. */
export function PeopleTable({
  people,
  onLink,
}: {
  people: TeamMember[];
  onLink: (link: { title: string; link: TeamLink }) => void;
}) {
  const writes = useTeamWrites();
  const { user } = useCurrentSession();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = <T,>(run: Promise<T>, then?: (value: T) => void) => {
    setError(null);
    run.then(then, (failure: unknown) => setError(describeApiError(failure).description));
  };
  const linkFor = (title: string) => (link: TeamLink) => onLink({ title, link });

  if (people.length === 0) return <p className="text-[15px] text-gray-600">Nobody is on the team yet.</p>;
  return (
    <div className="space-y-3">
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
      <ul className="divide-y divide-gray-200 rounded-xl bg-white ring-1 ring-gray-200">
        {people.map((person) => (
          <li
            key={person.id}
            className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 space-y-0.5">
              <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                {person.name}
                {person.store_user_id === user.id ? (
                  <span className="text-sm text-gray-600">(you)</span>
                ) : null}
                <Badge tone={person.role === 'owner' ? 'accent' : 'neutral'}>
                  {person.role === 'owner' ? 'Owner' : 'Staff'}
                </Badge>
                {person.status === 'invited' ? <Badge tone="warning">Invited</Badge> : null}
                {!person.can_sign_in && person.status === 'active' ? <Badge>No sign-in</Badge> : null}
              </p>
              <p className="text-sm text-gray-600 break-all">
                {person.email ?? 'No email'} · {person.store_user_id} ·{' '}
                {person.last_active_at ? (
                  <>
                    active <RelativeTimestamp value={person.last_active_at} />
                  </>
                ) : (
                  'not active yet'
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {person.status === 'invited' ? (
                <>
                  <Button
                    size="sm"
                    onPress={() =>
                      act(
                        writes.resend.mutateAsync(person.id),
                        linkFor(`New invitation link for ${person.name}`),
                      )
                    }
                  >
                    New link
                  </Button>
                  <Button size="sm" variant="ghost" onPress={() => act(writes.revoke.mutateAsync(person.id))}>
                    Withdraw <span className="sr-only">{person.name}'s invitation</span>
                  </Button>
                </>
              ) : (
                <>
                  <Button
                    size="sm"
                    onPress={() =>
                      act(
                        writes.changeRole.mutateAsync({
                          id: person.id,
                          role: person.role === 'owner' ? 'staff' : 'owner',
                        }),
                      )
                    }
                  >
                    Make {person.role === 'owner' ? 'staff' : 'owner'}
                    <span className="sr-only"> ({person.name})</span>
                  </Button>
                  {person.email ? (
                    <Button
                      size="sm"
                      onPress={() =>
                        act(
                          writes.resetLink.mutateAsync(person.id),
                          linkFor(`Password reset link for ${person.name}`),
                        )
                      }
                    >
                      Reset password <span className="sr-only">of {person.name}</span>
                    </Button>
                  ) : null}
                </>
              )}
              {person.status === 'active' ? (
                confirming === person.id ? (
                  <Button
                    size="sm"
                    variant="danger"
                    autoFocus
                    onBlur={() => setConfirming(null)}
                    onPress={() => act(writes.remove.mutateAsync(person.id), () => setConfirming(null))}
                  >
                    Confirm: remove {person.name}
                  </Button>
                ) : (
                  <Button size="sm" variant="ghost" onPress={() => setConfirming(person.id)}>
                    Remove <span className="sr-only">{person.name}</span>
                  </Button>
                )
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
