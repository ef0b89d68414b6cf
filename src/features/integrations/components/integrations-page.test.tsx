import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createSimulatorHandlers } from '../../../../mocks/handlers';
import { SEED_IDS } from '../../../../mocks/seed/stores';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/msw-server';
import { renderWithApp } from '@/testing/render-with-app';

const { webhookEndpoints, notificationTemplates } = SEED_IDS;

function renderIntegrations(
  route = '/integrations',
  impersonateKey: 'sk_test_demo_owner' | 'sk_test_demo_nodelete' = 'sk_test_demo_owner',
) {
  return renderWithApp({ route, handlers: createSimulatorHandlers({ impersonateKey }) });
}

async function lookUp(user: ReturnType<typeof renderWithApp>['user'], id: string) {
  const field = await screen.findByLabelText('Endpoint id');
  await user.clear(field);
  await user.type(field, id);
  await user.click(screen.getByRole('button', { name: 'Look up' }));
}

async function removeTemplate(user: ReturnType<typeof renderWithApp>['user'], id: string) {
  const field = await screen.findByLabelText('Template id');
  await user.clear(field);
  await user.type(field, id);
  await user.click(screen.getByRole('button', { name: 'Remove…' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Remove this template?' });
  expect(dialog).toHaveTextContent(id);
  await user.click(within(dialog).getByRole('button', { name: 'Remove template' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

/** The Idempotency-Key of every DELETE that reached the API, in order. */
function recordDeleteKeys() {
  const keys: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'DELETE') keys.push(request.headers.get('idempotency-key') ?? '(none)');
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return keys;
}

describe('webhook endpoint lookup', { timeout: 20_000 }, () => {
  it('shows an auto-disabled endpoint with since when, and keeps the id in the address', async () => {
    const { user, router } = renderIntegrations();
    await lookUp(user, webhookEndpoints.autoDisabled);

    const details = await screen.findByRole('article', {
      name: 'https://erp.example.net/webhooks/inventory',
    });
    expect(router.state.location.search).toBe(`?endpoint=${webhookEndpoints.autoDisabled}`);
    const state = within(details).getByText('Auto-disabled').parentElement!;
    expect(state).toHaveTextContent('Auto-disabled2 days ago');
    expect(state.querySelector('time')?.getAttribute('title')).toMatch(/\d{4}/);
    expect(
      within(details).getByText('The store stopped sending events to this endpoint'),
    ).toBeInTheDocument();
    expect(details).toHaveTextContent(
      /It was auto-disabled on .*\d{4}.* \(2 days ago\) and has received no events since/,
    );

    const topics = within(details).getByRole('table');
    expect(within(topics).getByRole('row', { name: 'inventory/updated read_inventory' })).toBeInTheDocument();
    expect(within(topics).getByRole('row', { name: 'products/updated read_products' })).toBeInTheDocument();
    expect(details).toHaveTextContent('write_webhooks plus read_inventory and read_products.');
  });

  it('opens on the endpoint of the address and explains the wildcard', async () => {
    renderIntegrations(`/integrations?endpoint=${webhookEndpoints.wildcard}`);
    const details = await screen.findByRole('article', {
      name: 'https://analytics.example.org/ingest/commerce',
    });
    expect(screen.getByLabelText('Endpoint id')).toHaveValue(webhookEndpoints.wildcard);
    expect(within(details).getByText('Active')).toBeInTheDocument();
    const row = within(details).getByRole('row', { name: /Every topic, including ones added later/ });
    for (const scope of [
      'read_customers',
      'read_fulfillment',
      'read_gift_cards',
      'read_inventory',
      'read_orders',
      'read_products',
      'read_reviews',
    ]) {
      expect(within(row).getByText(scope)).toBeInTheDocument();
    }
  });

  it('says when no endpoint has that id in this store, and reads the remembered list again', async () => {
    let listReads = 0;
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'GET' && new URL(request.url).pathname === '/bff/integrations') listReads += 1;
    };
    server.events.on('request:start', listener);
    onTestFinished(() => server.events.removeListener('request:start', listener));
    const { user } = renderIntegrations();
    await waitFor(() => expect(listReads).toBe(1));
    await lookUp(user, webhookEndpoints.otherStore);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No webhook endpoint with that id in this store',
    );
    await waitFor(() => expect(listReads).toBe(2));
  });

  it('asks for an id before looking anything up', async () => {
    const { user, router } = renderIntegrations();
    await user.click(await screen.findByRole('button', { name: 'Look up' }));
    expect(screen.getByLabelText('Endpoint id')).toHaveAccessibleDescription(
      'Enter the id of a webhook endpoint.',
    );
    expect(router.state.location.search).toBe('');
  });
});

describe('removing a notification template', { timeout: 20_000 }, () => {
  it('removes it once, then says not found, with a new key for each confirmed removal', async () => {
    const keys = recordDeleteKeys();
    const { user } = renderIntegrations();
    await removeTemplate(user, notificationTemplates.abandonedCart);
    expect(await screen.findByRole('status')).toHaveTextContent('Template removed');
    expect(screen.getByLabelText('Template id')).toHaveValue('');

    await removeTemplate(user, notificationTemplates.abandonedCart);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No notification template with that id in this store',
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const keys = recordDeleteKeys();
    const { user } = renderIntegrations();
    await user.type(await screen.findByLabelText('Template id'), notificationTemplates.backInStock);
    await user.click(screen.getByRole('button', { name: 'Remove…' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(keys).toHaveLength(0);
    expect(screen.getByLabelText('Template id')).toHaveValue(notificationTemplates.backInStock);
  });

  it('names the delete gate when the key may write notifications but not delete them', async () => {
    const { user } = renderIntegrations('/integrations', 'sk_test_demo_nodelete');
    await removeTemplate(user, notificationTemplates.shippingUpdate);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The store’s API key lacks write_notifications:delete');
    expect(alert).toHaveTextContent('separate delete grant');
  });
});

describe('staff', () => {
  it('never see integrations, and are told why', async () => {
    renderWithApp({ route: '/integrations', session: 'staff', handlers: createSimulatorHandlers() });
    expect(await screen.findByText('Only owners manage integrations')).toBeInTheDocument();
    expect(screen.queryByLabelText('Endpoint id')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
  });
});

describe('how long the dashboard keeps its records', () => {
  it('shows the retention, warns before shortening it, and saves it', async () => {
    const { user, bff } = renderIntegrations();
    const keep = await screen.findByRole('combobox', { name: 'Keep for' });
    expect(keep).toHaveDisplayValue('180 days');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.selectOptions(keep, '30 days');
    expect(screen.getByText(/Saving removes at once what is older than 30 days/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The dashboard keeps conversations, messages and their history for 30 days.',
    );
    expect(bff.dataSettings.retention_days).toBe(30);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says so when the setting cannot be saved, and keeps the choice', async () => {
    const { user } = renderIntegrations();
    server.use(
      http.put('/bff/data-settings', () =>
        HttpResponse.json(
          { error: { code: 'database_unavailable', message: 'The database cannot be reached.' } },
          { status: 503, headers: { 'retry-after': '1' } },
        ),
      ),
    );
    const keep = await screen.findByRole('combobox', { name: 'Keep for' });
    await user.selectOptions(keep, '1 year');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(/^Not saved/);
    expect(keep).toHaveDisplayValue('1 year');
  }, 15_000);
});

describe('the integrations the dashboard remembers', { timeout: 20_000 }, () => {
  it('asks once per visit for the endpoints to be read again, and reads the list again when the server says they were', async () => {
    const entry = {
      kind: 'webhook_endpoint',
      id: 'we_demo_orders',
      url: 'https://hooks.example.com/fjell-fern/orders',
      events: ['orders/paid'],
      status: 'active',
      last_looked_up_at: '2026-11-20T10:00:00Z',
      added_by_name: 'Morgan Lee',
      added_at: '2026-11-20T10:00:00Z',
      label: '',
      note: '',
      removed_at: null,
      removed_by_name: null,
    };
    let status = 'active';
    let refreshes = 0;
    const { bff, user } = renderWithApp({
      route: '/integrations',
      live: true,
      handlers: createSimulatorHandlers(),
    });
    server.use(
      http.get('/bff/integrations', () =>
        HttpResponse.json({ data: { entries: [{ ...entry, status }], removed: [] } }),
      ),
      http.post('/bff/integrations/refresh', () => {
        refreshes += 1;
        return HttpResponse.json({ data: { refreshing: 1 } }, { status: 202 });
      }),
    );
    const item = () => screen.getByRole('listitem', { name: 'we_demo_orders' });
    await waitFor(() => expect(item()).toHaveTextContent('Active'));
    await waitFor(() => expect(refreshes).toBe(1));
    // The store feed has read it again: the live stream says so, and the list shows the new state.
    // The page listens to the live stream (which keeps the feed running while it is open).
    await waitFor(() => expect(bff.live.openStreams()).toBe(1));
    status = 'inactive';
    act(() => bff.live.emit('records', { part: 'integrations' }));
    await waitFor(() => expect(item()).toHaveTextContent('Inactive'));
    expect(refreshes).toBe(1);
    // The label form, closed, hands the focus back to the button that opened it.
    await user.click(within(item()).getByRole('button', { name: 'Label and note…' }));
    await user.click(within(item()).getByRole('button', { name: 'Cancel' }));
    expect(within(item()).getByRole('button', { name: 'Label and note…' })).toHaveFocus();
  });
});
