import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { TEST_ACCOUNTS } from '@/testing/bff-handlers';
import { renderWithApp } from '@/testing/render-with-app';

const okSchema = z.object({ data: z.object({ ok: z.boolean() }) });

/** A screen with a draft and a button that sends one write and two reads at once. */
function Probe() {
  const [draft, setDraft] = useState('');
  const [result, setResult] = useState('');
  const send = () => {
    const idempotencyKey = newIdempotencyKey();
    void Promise.all([
      apiRequest('/api/v1/agent-conversations/conv_1/messages', {
        method: 'POST',
        body: { content: draft },
        idempotencyKey,
        schema: okSchema,
      }),
      apiRequest('/api/v1/agent-config', { schema: okSchema }),
      apiRequest('/api/v1/agent-conversations', { schema: okSchema }),
    ]).then(
      () => setResult('All three requests succeeded'),
      (error: { code?: string }) => setResult(`Failed: ${error.code ?? 'unknown'}`),
    );
  };
  return (
    <div>
      <h1>Probe</h1>
      <label>
        Draft reply
        <textarea value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      <button type="button" onClick={send}>
        Send
      </button>
      <output>{result}</output>
    </div>
  );
}

function setup(session: 'owner' | 'staff' = 'owner') {
  const writes: { key: string | null; body: unknown }[] = [];
  // The test BFF's gate answers 401 session_required in front of these once the session has ended.
  const handlers = [
    http.post('/api/v1/agent-conversations/:id/messages', async ({ request }) => {
      writes.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
      return HttpResponse.json({ data: { ok: true } }, { status: 201 });
    }),
    http.get('/api/v1/agent-config', () => HttpResponse.json({ data: { ok: true } })),
    http.get('/api/v1/agent-conversations', () => HttpResponse.json({ data: { ok: true } })),
  ];
  const app = renderWithApp({
    route: '/probe',
    session,
    handlers,
    signedInRoutes: [{ path: '/probe', element: <Probe /> }],
  });
  return { ...app, writes };
}

describe('session-expired dialog', () => {
  it('asks for a sign-in in place, keeps the typed text and resends the paused requests once', async () => {
    const { user, bff, router, writes } = setup();
    const draft = await screen.findByLabelText('Draft reply');
    await user.type(draft, 'Half-written reply to Ana');

    bff.expireSession();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Your session has ended' });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(dialog).toHaveTextContent(/nothing on this page has been lost/i);
    expect(router.state.location.pathname).toBe('/probe');
    expect(screen.getByDisplayValue('Half-written reply to Ana')).toBeInTheDocument();

    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveValue(TEST_ACCOUNTS.owner.email);
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());

    await user.type(password, TEST_ACCOUNTS.owner.password);
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));

    expect(await screen.findByText('All three requests succeeded')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Draft reply')).toHaveValue('Half-written reply to Ana');
    expect(router.state.location.pathname).toBe('/probe');
    // The write was refused while signed out (not recorded), then applied once with the key minted at click time.
    expect(writes).toHaveLength(1);
    expect(writes[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(writes[0]!.body).toEqual({ content: 'Half-written reply to Ana' });
    const attempts = bff.requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/messages'),
    );
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts.map((request) => request.headers.get('idempotency-key'))).size).toBe(1);
  });

  it('keeps the dialog open and explains a wrong password', async () => {
    const { user, bff } = setup();
    await screen.findByLabelText('Draft reply');
    bff.expireSession();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/wrong email or password/i);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('lets someone else sign in, and then shows who is signed in now', async () => {
    const { user, bff } = setup('owner');
    await screen.findByLabelText('Draft reply');
    bff.expireSession();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog');
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, TEST_ACCOUNTS.staff.email);
    await user.type(within(dialog).getByLabelText('Password'), TEST_ACCOUNTS.staff.password);
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));

    expect(await screen.findByText('All three requests succeeded')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: /Sam Rivera, Staff: account menu/ }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: /Integrations/ }),
    ).toBeNull();
  });

  it('fails the paused requests and goes to sign-in when the user signs out instead', async () => {
    const { user, bff, router, writes } = setup();
    await screen.findByLabelText('Draft reply');
    bff.expireSession();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(writes).toEqual([]);
  });
});
