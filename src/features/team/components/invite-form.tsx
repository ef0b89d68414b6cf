import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import { inviteRequestSchema, type InviteRequest, type TeamLink, type TeamOverview } from '@/schemas/team';
import { useTeamWrites } from '../api/team';

const EMPTY: z.input<typeof inviteRequestSchema> = { email: '', name: '', role: 'staff', store_user_id: '' };

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
  const listId = useId();
  const { register, handleSubmit, formState, reset } = useForm<
    z.input<typeof inviteRequestSchema>,
    unknown,
    InviteRequest
  >({ resolver: zodResolver(inviteRequestSchema), defaultValues: EMPTY });
  const { errors } = formState;
  const submit = (values: InviteRequest) =>
    invite.mutate(values, {
      onSuccess: (link) => {
        reset(EMPTY);
        onInvited(link);
      },
    });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        {...register('email')}
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
      />
      <TextField {...register('name')} label="Name" autoComplete="off" error={errors.name?.message} />
      <SelectField {...register('role')} label="Role">
        <option value="staff">Staff: works the inbox</option>
        <option value="owner">Owner: also settings, reports and the team</option>
      </SelectField>
      <TextField
        {...register('store_user_id')}
        label="Store user"
        list={listId}
        autoComplete="off"
        description="Who they act as in the store (usr_…): choose one or type it."
        error={errors.store_user_id?.message}
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
          {invite.isError ? describeApiError(invite.error).description : null}
        </p>
      </div>
    </form>
  );
}
