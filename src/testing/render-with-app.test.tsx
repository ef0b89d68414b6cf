import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { describeApiError } from '@/lib/describe-error';
import { renderWithApp } from './render-with-app';

/** Reads, then tries a write staff may not make and one they may. */
function Probe() {
  const read = useQuery({
    queryKey: ['agent-config', 'probe'],
    queryFn: ({ signal }) => apiRequest('/api/v1/agent-config', { signal }).then(() => 'read ok'),
  });
  const writes = useQuery({
    queryKey: ['agent-config', 'probe-writes'],
    enabled: read.isSuccess,
    queryFn: async () => {
      const outcome = (promise: Promise<void>) =>
        promise.then(
          () => 'ok',
          (error: unknown) => describeApiError(error, { role: 'staff' }).title,
        );
      const config = await outcome(apiRequest('/api/v1/agent-config', { method: 'PUT', body: {} }));
      const reply = await outcome(
        apiRequest('/api/v1/agent-conversations/conv_1/messages', {
          method: 'POST',
          body: { content: 'Hi' },
        }),
      );
      return `config: ${config}; reply: ${reply}`;
    },
  });
  return (
    <div>
      <p>{read.data ?? 'Loading'}</p>
      <p>{writes.data ?? ''}</p>
    </div>
  );
}

describe('renderWithApp', () => {
  it('puts the BFF gate in front of /api: staff read everything and write only conversations', async () => {
    renderWithApp({
      route: '/probe',
      session: 'staff',
      handlers: [
        http.get('/api/v1/agent-config', () => HttpResponse.json({ data: {} })),
        http.put('/api/v1/agent-config', () => HttpResponse.json({ data: {} })),
        http.post('/api/v1/agent-conversations/:id/messages', () =>
          HttpResponse.json({ data: {} }, { status: 201 }),
        ),
      ],
      signedInRoutes: [{ path: '/probe', element: <Probe /> }],
    });
    expect(await screen.findByText('read ok')).toBeInTheDocument();
    expect(await screen.findByText('config: Your role cannot do this; reply: ok')).toBeInTheDocument();
  });
});
