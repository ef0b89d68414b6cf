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
      {team.data ? (
        <ul aria-label="Who is available" className="mt-3 space-y-1 text-sm text-gray-700">
          {team.data.map((person) => (
            <li key={person.user_id} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`size-2 shrink-0 rounded-full ${person.status === 'available' ? 'bg-green-600' : 'bg-gray-400'}`}
              />
              <span className="min-w-0 truncate">{person.name}</span>
              <span className="ml-auto whitespace-nowrap text-gray-500">
                {person.status === 'available' ? 'Available' : 'Away'} · {person.open_conversations} open
              </span>
            </li>
          ))}
        </ul>
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
