import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { SelectField } from '@/components/select-field';
import { useTeamAvailability } from '@/lib/availability';
import type { RosterMember } from '@/schemas/bff';

const assignSchema = z.strictObject({ assignee: z.string().check(z.minLength(1, 'Choose a person.')) });

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
  // Only roster members can be picked: the API refuses anyone else with `invalid_assignee`.
  const onRoster = roster.some((member) => member.id === initialAssignee);
  const { register, handleSubmit, control } = useForm({
    resolver: zodResolver(assignSchema),
    defaultValues: { assignee: onRoster && initialAssignee !== null ? initialAssignee : '' },
  });
  const assignee = useWatch({ control, name: 'assignee' });
  const team = useTeamAvailability();
  const chosen = team.data?.find((person) => person.user_id === assignee);
  return (
    <form noValidate onSubmit={(event) => void handleSubmit((values) => onAssign(values.assignee))(event)}>
      <p className="text-sm text-gray-600">
        Choose who handles {subject}. Only people on the store roster can be picked.
      </p>
      {/* A native select (typeahead, every key the platform gives) rather than a combobox whose open
          list hides the page from assistive technology. It only picks: the form commits, because
          arrows on a closed select change its value at once. */}
      <SelectField {...register('assignee')} className="mt-4" label="Assign to" autoFocus>
        <option value="" disabled>
          Choose a person…
        </option>
        {roster.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
            {member.id === myUserId ? ' (you)' : ''}
          </option>
        ))}
      </SelectField>
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
        <Button type="submit" variant="primary" isDisabled={assignee === ''}>
          Assign
        </Button>
      </div>
    </form>
  );
}
