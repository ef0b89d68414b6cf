import { useState } from 'react';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { useTeamAvailability } from '@/lib/availability';
import type { RosterMember } from '@/schemas/bff';
import { AssigneeSelect } from './assignee-select';

/** Picks someone to assign one or several conversations to (the row menu's and bulk "Assign…"). */
export function AssignDialog({
  isOpen,
  onOpenChange,
  subject,
  roster,
  myUserId,
  initialAssignee,
  onAssign,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** What is assigned, e.g. "the conversation with Emma Schneider" or "3 conversations". */
  subject: string;
  roster: readonly RosterMember[];
  myUserId: string;
  initialAssignee: string | null;
  onAssign: (userId: string) => void;
}) {
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Assign">
      {/* Mounted only while open, so each opening starts from the current assignee. */}
      {isOpen ? (
        <AssignForm
          subject={subject}
          roster={roster}
          myUserId={myUserId}
          initialAssignee={initialAssignee}
          onCancel={() => onOpenChange(false)}
          onAssign={(userId) => {
            onOpenChange(false);
            onAssign(userId);
          }}
        />
      ) : null}
    </ModalDialog>
  );
}

function AssignForm({
  subject,
  roster,
  myUserId,
  initialAssignee,
  onCancel,
  onAssign,
}: {
  subject: string;
  roster: readonly RosterMember[];
  myUserId: string;
  initialAssignee: string | null;
  onCancel: () => void;
  onAssign: (userId: string) => void;
}) {
  const [assignee, setAssignee] = useState<string | null>(initialAssignee);
  const team = useTeamAvailability();
  const chosen = team.data?.find((person) => person.user_id === assignee);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (assignee !== null) onAssign(assignee);
      }}
    >
      <p className="text-sm text-gray-600">
        Choose who handles {subject}. Only people on the store roster can be picked.
      </p>
      <AssigneeSelect
        className="mt-4"
        label="Assign to"
        roster={roster}
        myUserId={myUserId}
        value={assignee}
        onChange={setAssignee}
        autoFocus
      />
      {/* One control: the chosen person's availability is said under it, not in a second list. */}
      {chosen ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-gray-700" aria-live="polite">
          <span
            aria-hidden="true"
            className={`size-2 shrink-0 rounded-full ${chosen.status === 'available' ? 'bg-green-600' : 'bg-gray-400'}`}
          />
          {chosen.name} is {chosen.status === 'available' ? 'available' : 'away'}, with{' '}
          {chosen.open_conversations} open conversation{chosen.open_conversations === 1 ? '' : 's'}.
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <Button onPress={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" isDisabled={assignee === null}>
          Assign
        </Button>
      </div>
    </form>
  );
}
