import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField, inputClasses } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import type { Role } from '@/schemas/bff';
import { inviteRequestSchema, type TeamLink, type TeamOverview } from '@/schemas/team';
import { useTeamWrites } from '../api/team';

/**
 * Inviting a person: email, name, role and the store user they act as (one already seen in assignments
 * or on the roster, or typed). Answers the new link to the page, which shows it once.
 */
export function InviteForm({
  storeUsers,
  onInvited,
}: {
  storeUsers: TeamOverview['store_users'];
  onInvited: (link: TeamLink) => void;
}) {
  const { invite } = useTeamWrites();
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const listId = useId();
  const roleId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = inviteRequestSchema.safeParse({
      email: form.get('email'),
      name: form.get('name'),
      role: form.get('role'),
      store_user_id: form.get('store_user_id'),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: String(issue.path[0] ?? ''), message: issue.message });
      return;
    }
    setError(null);
    const target = event.currentTarget;
    invite.mutate(parsed.data, {
      onSuccess: (link) => {
        target.reset();
        onInvited(link);
      },
      onError: (failure) => setError({ message: describeApiError(failure).description }),
    });
  };
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <TextField label="Email" name="email" type="email" autoComplete="off" error={fieldError('email')} />
      <TextField label="Name" name="name" autoComplete="off" error={fieldError('name')} />
      <div className="space-y-1.5">
        <label htmlFor={roleId} className="block text-sm font-medium text-gray-800">
          Role
        </label>
        <select id={roleId} name="role" defaultValue={'staff' satisfies Role} className={inputClasses}>
          <option value="staff">Staff: works the inbox</option>
          <option value="owner">Owner: also settings, reports and the team</option>
        </select>
      </div>
      <TextField
        label="Store user"
        name="store_user_id"
        list={listId}
        autoComplete="off"
        description="Who they act as in the store (usr_…): choose one or type it."
        error={fieldError('store_user_id')}
      />
      <datalist id={listId}>
        {storeUsers.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name ?? user.id}
          </option>
        ))}
      </datalist>
      <div className="sm:col-span-2 flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" isPending={invite.isPending}>
          Invite
        </Button>
        <p role="alert" className="text-sm text-red-700 empty:hidden">
          {error && !error.field ? error.message : null}
        </p>
      </div>
    </form>
  );
}
