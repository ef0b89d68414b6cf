import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { LoadingState } from '@/components/spinner';
import { formatDateTime } from '@/lib/format';
import type { TeamEvent, TeamLink } from '@/schemas/team';
import { teamQueryOptions } from '../api/team';
import { InviteForm } from './invite-form';
import { LinkNotice } from './link-notice';
import { PeopleTable } from './people-table';
import { RequirementForm } from './requirement-form';

const EVENT_TEXT: Record<TeamEvent['kind'], (event: TeamEvent) => string> = {
  invited: (e) => `${e.actor} invited ${e.subject}${e.detail.role ? ` as ${e.detail.role}` : ''}`,
  invite_resent: (e) => `${e.actor} sent ${e.subject} a new invitation link`,
  invite_revoked: (e) => `${e.actor} withdrew ${e.subject}'s invitation`,
  joined: (e) => `${e.subject} joined the team`,
  role_changed: (e) => `${e.actor} made ${e.subject} ${e.detail.to ?? 'another role'}`,
  reset_link: (e) => `${e.actor} made a password reset link for ${e.subject}`,
  password_reset: (e) => `${e.subject} set a new password with a reset link`,
  removed: (e) => `${e.actor} removed ${e.subject}`,
  added: (e) => `${e.actor} added ${e.subject}${e.detail.role ? ` as ${e.detail.role}` : ''}`,
  replaced: (e) =>
    `${e.actor} replaced ${e.subject}'s account${e.detail.role ? ` (now ${e.detail.role})` : ''}`,
  second_factor_required: (e) =>
    `${e.actor} required a second factor of ${{ none: 'nobody', owners: 'owners', everyone: 'everyone' }[e.subject] ?? e.subject}`,
};

/** The Team screen (owners): the people, an invitation, each person's actions, and the team's history. */
export function TeamPage() {
  const team = useQuery(teamQueryOptions());
  const [link, setLink] = useState<{ title: string; link: TeamLink } | null>(null);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Team"
        description="Who can use this dashboard: invite people, change their role, send a password reset link or remove them."
      />
      {link ? <LinkNotice title={link.title} link={link.link} onDone={() => setLink(null)} /> : null}
      {team.isPending ? (
        <LoadingState label="Loading the team…" />
      ) : team.isError ? (
        <ErrorState error={team.error} onRetry={() => void team.refetch()} isRetrying={team.isFetching} />
      ) : (
        <>
          <Section id="team-people" title="People" look="plain">
            <PeopleTable people={team.data.people} onLink={setLink} />
          </Section>
          <Section
            id="team-invite"
            title="Invite a person"
            description="They get a one-time link, valid for 7 days."
          >
            <InviteForm
              storeUsers={team.data.store_users}
              onInvited={(made) => setLink({ title: 'Invitation ready', link: made })}
            />
          </Section>
          <Section
            id="team-sign-in"
            title="Sign-in"
            description="Those required are asked to turn a second factor on from their account page."
          >
            <RequirementForm />
          </Section>
          <Section id="team-history" title="History" look="plain">
            {team.data.events.length === 0 ? (
              <p className="text-[15px] text-gray-600">No changes to the team yet.</p>
            ) : (
              <ol className="divide-y divide-gray-200 rounded-xl bg-white ring-1 ring-gray-200">
                {team.data.events.map((event) => (
                  <li key={event.id} className="flex flex-wrap justify-between gap-2 px-4 py-2.5 text-[15px]">
                    <span className="text-gray-900">{EVENT_TEXT[event.kind](event)}</span>
                    <time dateTime={event.at} className="text-sm text-gray-600">
                      {formatDateTime(event.at)}
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </>
      )}
    </div>
  );
}
