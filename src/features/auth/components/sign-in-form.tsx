import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/api-error';
import { describeApiError } from '@/lib/describe-error';
import { formatDuration } from '@/lib/format';
import { useCountdown } from '@/lib/use-countdown';
import type { SessionUser } from '@/schemas/bff';
import { useLogin } from '../api/login';

const signInFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address.')
    .pipe(z.email('Enter a valid email address, like name@example.com.')),
  password: z.string().min(1, 'Enter your password.'),
  remember: z.boolean(),
});
type SignInValues = z.input<typeof signInFormSchema>;

function failureMessage(error: unknown): string {
  if (!isApiError(error)) return describeApiError(error).description;
  switch (error.code) {
    case 'invalid_credentials':
      return 'Wrong email or password. Check both and try again.';
    default:
      if (error.status === 429) {
        const wait = error.retryAfterSeconds;
        return wait === undefined
          ? 'Too many sign-in attempts. Wait a minute, then try again.'
          : `Too many sign-in attempts. Wait ${formatDuration(wait)}, then try again.`;
      }
      return `${describeApiError(error).title}. ${describeApiError(error).description}`;
  }
}

/**
 * Email and password, validated before sending; the server's refusal (wrong credentials, too many
 * attempts) is shown in an alert above the button. Used by the sign-in page and the session-expired dialog.
 */
export function SignInForm({
  onSignedIn,
  defaultEmail = '',
  submitLabel = 'Sign in',
  autoFocusPassword = false,
}: {
  onSignedIn: (user: SessionUser) => void;
  defaultEmail?: string;
  submitLabel?: string;
  autoFocusPassword?: boolean;
}) {
  const loginMutation = useLogin();
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const secondsBlocked = useCountdown(blockedUntil);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: defaultEmail, password: '', remember: false },
  });

  const onSubmit = (values: SignInValues) => {
    loginMutation.mutate(
      { email: values.email.trim(), password: values.password, remember: values.remember },
      {
        onSuccess: (user) => onSignedIn(user),
        onError: (error) => {
          if (isApiError(error) && error.status === 429) {
            setBlockedUntil(Date.now() + (error.retryAfterSeconds ?? 60) * 1000);
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus={autoFocusPassword}
        error={errors.password?.message}
        {...register('password')}
      />
      {/* Off by default: on a shared shop computer the session ends when the browser closes. */}
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className="size-4 rounded border-gray-300 text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
          {...register('remember')}
        />
        Keep me signed in on this device
      </label>
      {loginMutation.isError ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
        >
          {failureMessage(loginMutation.error)}
        </div>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        className="w-full"
        isPending={loginMutation.isPending}
        isDisabled={secondsBlocked > 0}
      >
        {submitLabel}
      </Button>
      {secondsBlocked > 0 ? (
        <p className="text-center text-sm text-gray-500" aria-hidden="true">
          You can try again in {formatDuration(secondsBlocked)}.
        </p>
      ) : null}
    </form>
  );
}
