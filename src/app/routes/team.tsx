import { useDocumentTitle } from '@/components/use-document-title';
import { TeamPage } from '@/features/team/components/team-page';
import { OwnersOnly } from './owners-only';

export function TeamRoute() {
  useDocumentTitle('Team');
  return (
    <OwnersOnly
      title="Team"
      refusal={{
        title: 'Only owners manage the team',
        description: 'Ask an owner of the store to invite or change people.',
      }}
    >
      <TeamPage />
    </OwnersOnly>
  );
}
