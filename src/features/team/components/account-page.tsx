import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { TextField } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import { useCurrentSession } from '@/lib/session-context';
import { PASSWORD_MIN, passwordChangeSchema } from '@/schemas/team';
import { changePassword } from '../api/password';
import { SecondFactorSection } from './second-factor-section';
import { SessionsSection } from './sessions-section';

/** The BFF's rules for a new password, and the new one typed a second time (the browser's only). */
const passwordChangeFormSchema = z
  .strictObject({
    current_password: passwordChangeSchema.shape.current_password,
    password: passwordChangeSchema.shape.new_password,
    repeat: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.repeat, {
      error: 'The two new passwords differ.',
      path: ['repeat'],
    }),
  );
type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

const EMPTY: PasswordChangeForm = { current_password: '', password: '', repeat: '' };

/** One's own account: a new password (the current one asked); one's other sessions end. */
export function AccountPage() {
  const { user } = useCurrentSession();
  const change = useMutation({ mutationFn: changePassword });
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const submit = ({ current_password, password }: PasswordChangeForm) =>
    change.mutate({ current_password, new_password: password }, { onSuccess: () => reset(EMPTY) });
  const status = change.isSuccess
    ? { ok: true, message: 'Password changed. Your other browsers and devices are signed out.' }
    : change.isError
      ? { ok: false, message: describeApiError(change.error).description }
      : null;
  return (
    <div className="space-y-8">
      <PageHeader title="Your account" description={`${user.name}, ${user.email}`} />
      <Section
        id="account-password"
        title="Password"
        description="Changing it signs you out everywhere else."
      >
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(submit)(event)}
          className="max-w-sm space-y-5"
        >
          <input type="hidden" name="username" autoComplete="username" value={user.email} />
          <TextField
            {...register('current_password')}
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.current_password?.message}
          />
          <TextField
            {...register('password')}
            label="New password"
            type="password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN} characters.`}
            error={errors.password?.message}
          />
          <TextField
            {...register('repeat')}
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            error={errors.repeat?.message}
          />
          <p
            role={status?.ok ? 'status' : 'alert'}
            className={status?.ok ? 'text-sm text-green-800' : 'text-sm text-red-700'}
          >
            {status?.message}
          </p>
          <Button type="submit" variant="primary" isPending={change.isPending}>
            Change password
          </Button>
        </form>
      </Section>
      <SecondFactorSection />
      <SessionsSection />
    </div>
  );
}
