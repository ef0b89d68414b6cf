import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/error-state';
import { InlineNotice } from '@/components/inline-notice';
import { Section } from '@/components/section';
import { LoadingState } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import { currentPasswordSchema, secondFactorCodeSchema } from '@/schemas/team';
import {
  beginSecondFactor,
  confirmSecondFactor,
  secondFactorStatusQuery as statusQuery,
  turnOffSecondFactor,
} from '../api/second-factor';

/** The QR code's modules as squares (no markup from a string: nothing for the page's CSP to refuse). */
function QrCode({ modules }: { modules: boolean[][] }) {
  const size = modules.length;
  return (
    <svg
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`-2 -2 ${size + 4} ${size + 4}`}
      className="size-44 bg-white"
      shapeRendering="crispEdges"
    >
      {modules.flatMap((row, y) =>
        row.map((on, x) => (on ? <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} /> : null)),
      )}
    </svg>
  );
}

/** Turning on a second factor (scan or type the key, confirm a code, keep the recovery codes), or off. */
export function SecondFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery(statusQuery());
  const [setup, setSetup] = useState<{ secret: string; qr: boolean[][] } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusQuery().queryKey });
  const attempt = async (run: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(describeApiError(failure).description);
    } finally {
      setPending(false);
    }
  };
  const begin = () =>
    attempt(async () => {
      setSetup(await beginSecondFactor());
    });
  const confirm = (code: string) =>
    attempt(async () => {
      const recoveryCodes = await confirmSecondFactor(code);
      setSetup(null);
      setCodes(recoveryCodes);
      await refresh();
    });
  const turnOff = (currentPassword: string) =>
    attempt(async () => {
      await turnOffSecondFactor(currentPassword);
      setCodes(null);
      await refresh();
    });

  return (
    <Section
      id="account-second-factor"
      title="Second factor"
      description="A code from an authenticator app, asked after your password when you sign in."
    >
      {status.isPending ? (
        <LoadingState label="Loading…" />
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <div className="space-y-5">
          {status.data.required && !status.data.on ? (
            <InlineNotice tone="warning" title="Your store requires a second factor">
              Turn it on now: an owner asked for it.
            </InlineNotice>
          ) : null}
          {codes ? (
            <InlineNotice tone="success" role="status" title="Second factor on. Keep these recovery codes">
              <p className="text-sm text-gray-700">
                Each signs you in once if you lose your phone. They are not shown again: print them or keep
                them in a password manager.
              </p>
              <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-[15px]" aria-label="Recovery codes">
                {codes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </InlineNotice>
          ) : null}
          {status.data.on ? (
            <TurnOffForm pending={pending} onSubmit={turnOff}>
              <p className="text-[15px] text-gray-800">
                On, with {status.data.recovery_codes_left} recovery codes left.
              </p>
            </TurnOffForm>
          ) : setup ? (
            <ConfirmForm pending={pending} onSubmit={confirm}>
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
                <QrCode modules={setup.qr} />
                <div className="space-y-1 text-[15px] text-gray-800">
                  <p>Scan the code with your authenticator app, or type this key into it:</p>
                  <p className="font-mono break-all">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</p>
                </div>
              </div>
            </ConfirmForm>
          ) : (
            <Button variant="primary" onPress={() => void begin()} isPending={pending}>
              Set up a second factor
            </Button>
          )}
          <p role="alert" className="text-sm text-red-700 empty:hidden">
            {error}
          </p>
        </div>
      )}
    </Section>
  );
}

type StepForm = { pending: boolean; onSubmit: (value: string) => Promise<void>; children: ReactNode };

/** One's password, to turn the second factor off. */
function TurnOffForm({ pending, onSubmit, children }: StepForm) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(currentPasswordSchema),
    defaultValues: { current_password: '' },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => onSubmit(values.current_password))(event)}
      className="max-w-sm space-y-4"
    >
      {children}
      <TextField
        {...register('current_password')}
        label="Your password, to turn it off"
        type="password"
        autoComplete="current-password"
        error={formState.errors.current_password?.message}
      />
      <Button type="submit" variant="danger" isPending={pending}>
        Turn off
      </Button>
    </form>
  );
}

/** The code the authenticator app shows, which turns the second factor on. */
function ConfirmForm({ pending, onSubmit, children }: StepForm) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(secondFactorCodeSchema),
    defaultValues: { code: '' },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => onSubmit(values.code))(event)}
      className="space-y-4"
    >
      {children}
      <TextField
        {...register('code')}
        label="The six-digit code your app shows"
        inputMode="numeric"
        autoComplete="one-time-code"
        className="max-w-xs"
        error={formState.errors.code?.message}
      />
      <Button type="submit" variant="primary" isPending={pending}>
        Turn on
      </Button>
    </form>
  );
}
