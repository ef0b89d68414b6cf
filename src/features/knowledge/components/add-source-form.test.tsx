import { screen, waitFor, within } from '@testing-library/react';
import { http, type RequestHandler } from 'msw';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createSimulatorHandlers } from '../../../../mocks/handlers';
import { createSimulator, type Simulator } from '../../../../mocks/simulator';
import { KNOWLEDGE_TEXT_MAX } from '@/schemas/limits';
import { server } from '@/testing/msw-server';
import { renderWithApp } from '@/testing/render-with-app';

const SOURCES = '/api/v1/agent-knowledge-sources';
const FAQ_TEXT =
  'Q: Do you ship to Norway?\nA: Yes, in 3 to 5 working days.\n\nQ: Is it free?\nA: From 80 euros.';

/** The Idempotency-Key of every POST that reached the API, in order. */
function recordPostKeys() {
  const keys: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === SOURCES) {
      keys.push(request.headers.get('idempotency-key') ?? '(none)');
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return keys;
}

function renderForm(options: { simulator?: Simulator; extra?: RequestHandler[] } = {}) {
  const simulator = options.simulator ?? createSimulator();
  const extra = options.extra ?? [];
  const rendered = renderWithApp({
    route: '/knowledge?add=1',
    handlers: [...extra, ...createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner', simulator })],
  });
  return { ...rendered, simulator };
}

async function fill(
  user: ReturnType<typeof renderWithApp>['user'],
  values: { kind?: 'FAQ' | 'Document'; title?: string; text?: string },
) {
  if (values.kind) await user.click(await kindRadio(values.kind));
  // Pasted, not typed key by key: what matters here is the value, and typing is slow on a busy machine.
  for (const [label, value] of [
    ['Title', values.title],
    ['Text', values.text],
  ] as const) {
    if (value === undefined) continue;
    const field = await screen.findByLabelText(label);
    await user.clear(field);
    await user.click(field);
    await user.paste(value);
  }
}

async function kindRadio(kind: 'FAQ' | 'Document') {
  return within(await screen.findByRole('radiogroup', { name: 'Kind' })).getByRole('radio', { name: kind });
}

function storedTitles(simulator: Simulator) {
  return [...simulator.store('store_demo')!.knowledgeSources.values()].map((source) => source.title);
}

/** Submits an FAQ titled "Norway" while the store's AI is off; returns what the refusal showed. */
async function submitWithAiOff() {
  const keys = recordPostKeys();
  const simulator = createSimulator();
  simulator.setAiEnabled('store_demo', false);
  const { user } = renderForm({ simulator });
  await fill(user, { kind: 'FAQ', title: 'Norway', text: FAQ_TEXT });
  await user.click(screen.getByRole('button', { name: 'Add source' }));
  const alert = await screen.findByRole('alert');
  return { user, simulator, keys, alert };
}

afterEach(() => sessionStorage.clear());

// Each test renders the whole app against the in-process simulator: slow on a busy machine.
describe('adding a knowledge source', { timeout: 20_000 }, () => {
  it('adds an FAQ, shows its chunk count, puts it in the list and clears the form', async () => {
    const { user, simulator } = renderForm();
    await fill(user, { kind: 'FAQ', title: 'Shipping to Norway', text: FAQ_TEXT });
    await user.click(screen.getByRole('button', { name: 'Add source' }));

    expect(await screen.findByText('“Shipping to Norway” was added')).toBeInTheDocument();
    expect(screen.getByText('2 chunks: the assistant can answer from it now.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Knowledge sources' });
    const row = within(list).getByRole('heading', { name: 'Shipping to Norway' }).closest('li')!;
    expect(within(row).getByText('Chunks').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Text')).toHaveValue('');
    expect(await kindRadio('FAQ')).not.toBeChecked();
    expect(storedTitles(simulator).filter((title) => title === 'Shipping to Norway')).toHaveLength(1);
  });

  it('warns when nothing usable was found (0 chunks)', async () => {
    const { user } = renderForm();
    await fill(user, { kind: 'Document', title: 'Part numbers', text: '1234-55\n8890-12\n---' });
    await user.click(screen.getByRole('button', { name: 'Add source' }));
    expect(
      await screen.findByText('“Part numbers” was added, but nothing usable was found in it'),
    ).toBeInTheDocument();
    const row = (await screen.findByRole('heading', { name: 'Part numbers' })).closest('li')!;
    expect(within(row).getByText(/Nothing usable was found in this text/)).toBeInTheDocument();
  });

  it('refuses to send without a kind: there is no default', async () => {
    const keys = recordPostKeys();
    const { user } = renderForm();
    await fill(user, { title: 'Returns', text: FAQ_TEXT });
    await user.click(screen.getByRole('button', { name: 'Add source' }));
    expect(await screen.findByText('Choose whether this is an FAQ or a document.')).toBeInTheDocument();
    expect(await kindRadio('FAQ')).toHaveFocus();
    expect(keys).toHaveLength(0);
  });

  it('counts the text live and refuses it over the limit, with the reason, without cutting it', async () => {
    const keys = recordPostKeys();
    const { user } = renderForm();
    await fill(user, { kind: 'Document', title: 'Catalogue', text: 'x'.repeat(KNOWLEDGE_TEXT_MAX) });
    const text = screen.getByLabelText('Text');
    expect(text).toHaveAccessibleDescription(/100000 of 100000 characters used/);
    expect(text).not.toHaveAttribute('aria-invalid');

    await user.type(text, 'yz');
    expect(text).toHaveAccessibleDescription(/2 characters over the limit of 100000/);
    expect(text).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Add source' }));
    expect(
      await screen.findByText(
        'The text is 2 characters over the limit of 100,000. Shorten it, or split it into two sources.',
      ),
    ).toBeInTheDocument();
    expect((text as HTMLTextAreaElement).value).toHaveLength(KNOWLEDGE_TEXT_MAX + 2);
    expect(keys).toHaveLength(0);
  });

  it('fills the text (and an empty title) from a local file', async () => {
    const { user } = renderForm();
    const file = new File([FAQ_TEXT], 'norway-faq.md', { type: 'text/markdown' });
    await user.upload(await screen.findByLabelText('Load text from a file'), file);
    await waitFor(() => expect(screen.getByLabelText('Text')).toHaveValue(FAQ_TEXT));
    expect(screen.getByLabelText('Title')).toHaveValue('norway-faq');
    expect(await screen.findByText('Loaded “norway-faq.md”')).toBeInTheDocument();
  });

  it('refuses an over-long or binary file with a message and keeps what was typed', async () => {
    const { user } = renderForm();
    await fill(user, { text: 'My own notes' });
    const input = screen.getByLabelText('Load text from a file');

    await user.upload(
      input,
      new File(['a'.repeat(KNOWLEDGE_TEXT_MAX + 1)], 'export.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“export.txt” is too long: 100,001 characters, and a source holds at most 100,000 characters.',
    );
    expect(screen.getByLabelText('Text')).toHaveValue('My own notes');

    await user.upload(
      input,
      new File([new Uint8Array([0xff, 0xfe, 0x00, 0x41])], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('“notes.txt” is not readable as UTF-8 text');
    expect(screen.getByLabelText('Text')).toHaveValue('My own notes');
  });

  it('shows progress while the ingest runs and keeps the form', async () => {
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const { user } = renderForm({
      extra: [
        http.post(SOURCES, async () => {
          await held;
          return undefined;
        }),
      ],
    });
    await fill(user, { kind: 'FAQ', title: 'Slow one', text: FAQ_TEXT });
    await user.click(screen.getByRole('button', { name: 'Add source' }));
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      'Ingesting… this can take a minute.',
    );
    expect(screen.getByLabelText('Text')).toHaveValue(FAQ_TEXT);
    expect(screen.getByLabelText('Text')).toHaveAttribute('readonly');
    finish();
    expect(await screen.findByText('“Slow one” was added')).toBeInTheDocument();
  });

  it('explains that the store’s AI is off, keeps everything, and retries with the same key', async () => {
    const { user, simulator, keys, alert } = await submitWithAiOff();
    expect(alert).toHaveTextContent('The store’s AI features are off');
    expect(alert).toHaveTextContent('in the store’s admin settings');
    expect(screen.getByLabelText('Title')).toHaveValue('Norway');
    expect(screen.getByLabelText('Text')).toHaveValue(FAQ_TEXT);
    expect(await kindRadio('FAQ')).toBeChecked();

    simulator.setAiEnabled('store_demo', true);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('“Norway” was added')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(storedTitles(simulator).filter((title) => title === 'Norway')).toHaveLength(1);
  });

  it('sends a changed payload with a new key', async () => {
    const { user, simulator, keys } = await submitWithAiOff();
    await user.type(screen.getByLabelText('Title'), ' and Sweden');
    simulator.setAiEnabled('store_demo', true);
    await user.click(screen.getByRole('button', { name: 'Add source' }));
    expect(await screen.findByText('“Norway and Sweden” was added')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('keeps the draft, and the key of an unfinished submission, across a reload', async () => {
    const keys = recordPostKeys();
    const simulator = createSimulator();
    simulator.setAiEnabled('store_demo', false);
    const first = renderForm({ simulator });
    await fill(first.user, {
      kind: 'Document',
      title: 'Our story',
      text: 'We started in a small Oslo workshop.',
    });
    await first.user.click(screen.getByRole('button', { name: 'Add source' }));
    await screen.findByRole('alert');
    first.unmount();

    simulator.setAiEnabled('store_demo', true);
    const second = renderWithApp({
      route: '/knowledge',
      handlers: createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner', simulator }),
    });
    // The whole app starts again (session, page, then the draft reopens the form): give it time.
    expect(await screen.findByLabelText('Title', {}, { timeout: 5000 })).toHaveValue('Our story');
    expect(screen.getByLabelText('Text')).toHaveValue('We started in a small Oslo workshop.');
    expect(await kindRadio('Document')).toBeChecked();
    await waitFor(() => expect(second.router.state.location.search).toBe('?add=1'));
    await second.user.click(screen.getByRole('button', { name: 'Add source' }));
    expect(await screen.findByText('“Our story” was added')).toBeInTheDocument();
    expect(keys).toEqual([keys[0], keys[0]]);
  });
});
