import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/api-error';
import { describeApiError } from '@/lib/describe-error';
import { formatDuration } from '@/lib/format';
import { useCountdown } from '@/lib/use-countdown';
import type { SessionUser } from '@/schemas/bff';
import { login, loginSecondFactor, type LoginInput } from '../api/login';

type SignInValues = { email: string; password: string; remember: boolean };
type SignInErrors = Partial<Record<'email' | 'password', string>>;

/** zod's email pattern (the BFF checks the same one), so both sides agree on what an email is. */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * Checked in the browser before sending. Hand-written rather than react-hook-form + zod: this form is on
 * the first screen most people load, and those two libraries would double its JavaScript.
 */
export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'Enter your email address.';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Enter a valid email address, like name@example.com.';
  if (values.password === '') errors.password = 'Enter your password.';
  return errors;
}

/**
 * POST /bff/login, then the caller's `onSignedIn` (which may reload the session and navigate), pending until
 * both are done. Plain state rather than a react-query mutation: the sign-in page loads without react-query.
 */
function useSignInRequest(onSignedIn: (user: SessionUser) => unknown) {
  const [state, setState] = useState<{ isPending: boolean; error: unknown; askingCode: boolean }>({
    isPending: false,
    error: null,
    askingCode: false,
  });
  const run = async (step: () => Promise<SessionUser | null>, askingCode: boolean): Promise<unknown> => {
    setState({ isPending: true, error: null, askingCode });
    try {
      const user = await step();
      if (user) await onSignedIn(user);
      setState({ isPending: false, error: null, askingCode: user === null });
      return null;
    } catch (error) {
      setState({ isPending: false, error, askingCode });
      return error;
    }
  };
  // A right password of someone with a second factor answers no user yet: the code is asked next.
  const submit = (input: LoginInput) =>
    run(async () => {
      const outcome = await login(input);
      return 'user' in outcome ? outcome.user : null;
    }, false);
  const submitCode = (code: string) => run(() => loginSecondFactor(code), true);
  return { ...state, submit, submitCode };
}

function failureMessage(error: unknown): string {
  if (!isApiError(error)) return describeApiError(error).description;
  switch (error.code) {
    case 'invalid_credentials':
      return 'Wrong email or password. Check both and try again.';
    case 'invalid_code':
    case 'code_reused':
    case 'recovery_code_used':
    case 'sign_in_expired':
      return error.message;
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
 * Email and password, validated before sending (then again as they change, once the person tried to send);
 * the server's refusal (wrong credentials, too many attempts) is shown in an alert above the button. Used by
 * the sign-in page and the session-expired dialog.
 */
export function SignInForm({
  onSignedIn,
  defaultEmail = '',
  submitLabel = 'Sign in',
  autoFocusPassword = false,
}: {
  /** Runs after the BFF accepted the credentials; the form stays pending until it settles. */
  onSignedIn: (user: SessionUser) => unknown;
  defaultEmail?: string;
  submitLabel?: string;
  autoFocusPassword?: boolean;
}) {
  const request = useSignInRequest(onSignedIn);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const secondsBlocked = useCountdown(blockedUntil);
  const [values, setValues] = useState<SignInValues>({ email: defaultEmail, password: '', remember: false });
  const [attempted, setAttempted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errors = attempted ? validateSignIn(values) : {};
  const isPending = request.isPending;

  const [code, setCode] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending || secondsBlocked > 0) return;
    if (request.askingCode) {
      if (code.trim() !== '') void request.submitCode(code.trim()).then(blockOn429);
      return;
    }
    setAttempted(true);
    const found = validateSignIn(values);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    void request
      .submit({ email: values.email.trim(), password: values.password, remember: values.remember })
      .then(blockOn429);
  };
  const blockOn429 = (error: unknown) => {
    if (isApiError(error) && error.status === 429) {
      setBlockedUntil(Date.now() + (error.retryAfterSeconds ?? 60) * 1000);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {request.askingCode ? (
        <TextField
          label="Code from your authenticator app"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          description="Six digits, or one of your recovery codes."
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : (
        <>
          <TextField
            ref={emailRef}
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={values.email}
            onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
            error={errors.email}
          />
          <TextField
            ref={passwordRef}
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            autoFocus={autoFocusPassword}
            value={values.password}
            onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
            error={errors.password}
          />
          {/* Off by default: on a shared shop computer the session ends when the browser closes. */}
          <label className="flex items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              name="remember"
              className="size-4 rounded border-gray-300 text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
              checked={values.remember}
              onChange={(event) => setValues((current) => ({ ...current, remember: event.target.checked }))}
            />
            Keep me signed in on this device
          </label>
        </>
      )}
      {request.error ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
        >
          {failureMessage(request.error)}
        </div>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        className="w-full"
        isPending={isPending}
        disabled={secondsBlocked > 0}
      >
        {request.askingCode ? 'Verify' : submitLabel}
      </Button>
      <p role="status" className="sr-only">
        {isPending ? 'Signing in…' : ''}
      </p>
      {secondsBlocked > 0 ? (
        <p className="text-center text-sm text-gray-500" aria-hidden="true">
          You can try again in {formatDuration(secondsBlocked)}.
        </p>
      ) : null}
    </form>
  );
}
