import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { TextField } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import { useCurrentSession } from '@/lib/session-context';
import { PASSWORD_MIN } from '@/schemas/team';
import { changePassword } from '../api/password';
import { SecondFactorSection } from './second-factor-section';
import { SessionsSection } from './sessions-section';
import { formText } from '../form-text';

/** One's own account: a new password (the current one asked); one's other sessions end. */
export function AccountPage() {
  const { user } = useCurrentSession();
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    const next = formText(form, 'new_password');
    if (next.length < PASSWORD_MIN)
      return setStatus({ ok: false, message: `A password has at least ${PASSWORD_MIN} characters.` });
    if (next !== form.get('repeat'))
      return setStatus({ ok: false, message: 'The two new passwords differ.' });
    setPending(true);
    changePassword({ current_password: formText(form, 'current_password'), new_password: next }).then(
      () => {
        setPending(false);
        target.reset();
        setStatus({ ok: true, message: 'Password changed. Your other browsers and devices are signed out.' });
      },
      (failure: unknown) => {
        setPending(false);
        setStatus({ ok: false, message: describeApiError(failure).description });
      },
    );
  };
  return (
    <div className="space-y-8">
      <PageHeader title="Your account" description={`${user.name}, ${user.email}`} />
      <Section
        id="account-password"
        title="Password"
        description="Changing it signs you out everywhere else."
      >
        <form noValidate onSubmit={submit} className="max-w-sm space-y-5">
          <input type="hidden" name="username" autoComplete="username" value={user.email} />
          <TextField
            label="Current password"
            name="current_password"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            label="New password"
            name="new_password"
            type="password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN} characters.`}
          />
          <TextField
            label="Repeat the new password"
            name="repeat"
            type="password"
            autoComplete="new-password"
          />
          <p
            role={status?.ok ? 'status' : 'alert'}
            className={status?.ok ? 'text-sm text-green-800' : 'text-sm text-red-700'}
          >
            {status?.message}
          </p>
          <Button type="submit" variant="primary" isPending={pending}>
            Change password
          </Button>
        </form>
      </Section>
      <SecondFactorSection />
      <SessionsSection />
    </div>
  );
}
