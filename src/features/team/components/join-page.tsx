import { useEffect, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { Button } from '@/components/button';
import { LoadingState } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import { acceptLinkSchema, PASSWORD_MIN, type LinkSummary } from '@/schemas/team';
import { acceptLink, readLinkSummary } from '../api/team-links';

type SummaryState =
  | { isPending: true; isError: false; data?: undefined; error?: undefined }
  | { isPending: false; isError: true; data?: undefined; error: unknown }
  | { isPending: false; isError: false; data: LinkSummary; error?: undefined };

/** Who the link is for, read once for the token (a page of its own: no query cache). */
function useLinkSummary(token: string): SummaryState {
  const [state, setState] = useState<SummaryState>({ isPending: true, isError: false });
  useEffect(() => {
    if (token === '') return;
    const controller = new AbortController();
    readLinkSummary(token, controller.signal).then(
      (data) => !controller.signal.aborted && setState({ isPending: false, isError: false, data }),
      (error: unknown) => !controller.signal.aborted && setState({ isPending: false, isError: true, error }),
    );
    return () => controller.abort();
  }, [token]);
  return state;
}

/**
 * Accepting an invitation (name and password) or a password reset link (password), then signed in. The
 * link's token is in the address's fragment, which browsers never send to a server. It loads without the
 * app (main.tsx), as the sign-in page does: no router, no query cache.
 */
export function JoinPage() {
  const token = window.location.hash.slice(1);
  const summary = useLinkSummary(token);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <div
            aria-hidden="true"
            className="mx-auto mb-4 flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-lg font-semibold text-white shadow-sm"
          >
            S
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">
            {summary.data?.kind === 'reset' ? 'Set a new password' : 'Join the team'}
          </h1>
          <p className="mt-1 text-[15px] text-gray-600">
            {summary.data ? `for ${summary.data.email}` : "on your store's sales assistant dashboard"}
          </p>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
          {token === '' ? (
            <p role="alert" className="text-[15px] text-gray-800">
              This address has no link in it. Open the whole link you were sent.
            </p>
          ) : summary.isPending ? (
            <LoadingState label="Checking your link…" />
          ) : summary.isError ? (
            <p role="alert" className="text-[15px] text-gray-800">
              {describeApiError(summary.error).description}
            </p>
          ) : (
            <JoinForm token={token} summary={summary.data} />
          )}
        </div>
      </div>
    </main>
  );
}

/** The BFF's rules for accepting a link, and the password typed a second time (the browser's only). */
const acceptLinkFormSchema = z.strictObject({ ...acceptLinkSchema.shape, repeat: z.string() }).check(
  z.refine((values) => values.password === values.repeat, {
    error: 'The two passwords differ.',
    path: ['repeat'],
  }),
);

type JoinErrors = Partial<Record<'name' | 'password' | 'repeat', string>>;

/**
 * The name (invitations only) and the new password twice; accepting signs the person in. Checked with
 * the forms' shared schema but without react-hook-form, like the sign-in form: this page loads alone,
 * and the library would be an eighth of its JavaScript for three fields.
 */
function JoinForm({ token, summary }: { token: string; summary: LinkSummary }) {
  const invite = summary.kind === 'invite';
  const [errors, setErrors] = useState<JoinErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const text = (name: string) => {
      const value = new FormData(form).get(name);
      return typeof value === 'string' ? value : '';
    };
    const parsed = acceptLinkFormSchema.safeParse({
      ...(invite ? { name: text('name') } : {}),
      password: text('password'),
      repeat: text('repeat'),
    });
    if (!parsed.success) {
      const found: JoinErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof JoinErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      // The first invalid field in the form's order takes the focus, as in the app's forms.
      const first = (['name', 'password', 'repeat'] as const).find((field) => found[field]);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setError(null);
    setPending(true);
    const { name, password } = parsed.data;
    acceptLink(token, { password, ...(invite ? { name } : {}) }).then(
      // A full load: the app starts signed in, as after the sign-in page.
      () => window.location.assign('/inbox'),
      (failure: unknown) => {
        setPending(false);
        setError(describeApiError(failure).description);
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {invite ? (
        <TextField
          label="Your name"
          name="name"
          defaultValue={summary.name}
          autoComplete="name"
          error={errors.name}
        />
      ) : null}
      <input type="hidden" name="username" autoComplete="username" value={summary.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password}
      />
      <TextField
        label="Repeat the password"
        name="repeat"
        type="password"
        autoComplete="new-password"
        error={errors.repeat}
      />
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
      <Button type="submit" variant="primary" className="w-full" isPending={pending}>
        {invite ? 'Join and sign in' : 'Set password and sign in'}
      </Button>
    </form>
  );
}
