import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render-with-app';

function Probe() {
  const [result, setResult] = useState('');
  return (
    <div>
      <button
        type="button"
        onClick={() => void apiRequest('/api/v1/agent-config').then(() => setResult('Loaded'))}
      >
        Load
      </button>
      <output>{result}</output>
    </div>
  );
}

describe('rate-limit countdown', () => {
  it('shows a countdown toast while a 429 is waited out, then the request goes through', async () => {
    let calls = 0;
    const { user } = renderWithApp({
      route: '/probe',
      signedInRoutes: [{ path: '/probe', element: <Probe /> }],
      handlers: [
        http.get('/api/v1/agent-config', () => {
          calls += 1;
          return calls === 1
            ? HttpResponse.json(
                { error: { code: 'rate_limited', message: 'Slow down' } },
                { status: 429, headers: { 'Retry-After': '7' } },
              )
            : HttpResponse.json({ data: {} });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Load' }));
    expect(await screen.findByText('Too many requests — retrying in 7 s')).toBeInTheDocument();
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
