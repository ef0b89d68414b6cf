import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/error-state';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { Section } from '@/components/section';
import { LoadingState } from '@/components/spinner';
import { describeApiError } from '@/lib/describe-error';
import { endSession, sessionsQuery } from '../api/sessions';

// In order: Edge and Chrome say "Chrome", Chrome says "Safari", iPhones say "Mac OS X".
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];
const firstMatch = (table: [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on Windows" from a User-Agent: enough to tell one's devices apart. */
function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = firstMatch(BROWSERS, userAgent) ?? 'A browser';
  const system = firstMatch(SYSTEMS, userAgent);
  return system ? `${browser} on ${system}` : browser;
}

/** One's signed-in sessions, each but this one with a button to end it. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const [error, setError] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const end = (id: string) => {
    setEnding(id);
    setError(null);
    endSession(id)
      .catch((failure: unknown) => setError(describeApiError(failure).description))
      .finally(() => {
        setEnding(null);
        void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
      });
  };
  return (
    <Section
      id="account-sessions"
      title="Where you are signed in"
      description="End a session you do not recognise."
    >
      {sessions.isPending ? (
        <LoadingState label="Loading your sessions…" />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <div className="space-y-3">
          <ul className="divide-y divide-gray-200">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="flex items-center gap-2 font-medium text-gray-900">
                    {browserName(session.browser)}
                    {session.current ? <Badge tone="success">This browser</Badge> : null}
                  </p>
                  <p className="text-sm text-gray-600">
                    {session.address ?? 'Unknown address'} · active{' '}
                    <RelativeTimestamp value={session.last_active_at} />
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    isPending={ending === session.id}
                    onPress={() => end(session.id)}
                  >
                    End <span className="sr-only">the session of {browserName(session.browser)}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <p role="alert" className="text-sm text-red-700 empty:hidden">
            {error}
          </p>
        </div>
      )}
    </Section>
  );
}
