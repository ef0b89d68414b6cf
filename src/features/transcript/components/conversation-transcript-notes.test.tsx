import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findConversation,
  postsTo,
  renderTranscript,
  setUpTranscriptTests,
  sim,
  typeReply,
} from '@/testing/transcript-harness';
import { TEST_FORMER } from '@/testing/bff-handlers';

setUpTranscriptTests();

const NOTE_LABEL = 'Internal note · only your team sees this';

describe('ConversationTranscript: internal notes', () => {
  const conversation = () =>
    findConversation(sim, (c, count) => c.handoff_state === 'human' && c.status === 'active' && count < 10);

  async function noteMode(user: ReturnType<typeof renderTranscript>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Note' }));
    return screen.findByRole('textbox', { name: /^Internal note for your team/ });
  }

  it('writes a note mentioning a teammate chosen with the keyboard, shown as internal and never sent to the shopper', async () => {
    const { id } = conversation();
    const { user, bff } = renderTranscript(sim, id);
    const box = await noteMode(user);
    expect(screen.getByRole('button', { name: 'Note' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(NOTE_LABEL)).toBeInTheDocument();
    expect(box).toHaveFocus();

    await user.keyboard('Please call her back @al');
    const list = await screen.findByRole('listbox', { name: 'Mention a teammate' });
    expect(within(list).getByRole('option', { name: 'Alex Kim' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}about the refund');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('Please call her back @Alex Kim about the refund');
    await user.keyboard('{Control>}{Enter}{/Control}');

    const note = await screen.findByRole('article', { name: /^Internal note by Sam Rivera,/ });
    expect(within(note).getByText(NOTE_LABEL)).toBeInTheDocument();
    expect(within(note).getByText('Please call her back @Alex Kim about the refund')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    expect(bff.notes).toEqual([
      expect.objectContaining({ conversation_id: id, mentioned_user_ids: ['usr_staff2'] }),
    ]);
    expect(postsTo(bff, id)).toHaveLength(0);
  });

  it('keeps a draft per mode: switching never carries a reply into a note or back', async () => {
    const { id } = conversation();
    const { user } = renderTranscript(sim, id);
    await typeReply(user, 'Dear shopper');
    const noteBox = await noteMode(user);
    expect(noteBox).toHaveValue('');
    await user.keyboard('for the team');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByRole('textbox', { name: /^Reply to/ })).toHaveValue('Dear shopper');
    expect(await noteMode(user)).toHaveValue('for the team');
  });

  it('refuses a blank note before sending anything', async () => {
    const { id } = conversation();
    const { user, bff } = renderTranscript(sim, id);
    await noteMode(user);
    await user.keyboard('   ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('A note cannot be blank.')).toBeInTheDocument();
    expect(
      bff.requests.filter((request) => request.method === 'POST' && request.path.includes('/notes')),
    ).toHaveLength(0);
  });

  it('its author edits it (then shown as edited) and deletes it after confirming', async () => {
    const { id } = conversation();
    const { user, bff } = renderTranscript(sim, id);
    await noteMode(user);
    await user.keyboard('first words{Control>}{Enter}{/Control}');
    const note = await screen.findByRole('article', { name: /^Internal note by Sam Rivera,/ });

    await user.click(within(note).getByRole('button', { name: /^Edit your note/ }));
    const editor = within(note).getByRole('textbox', { name: 'Edit your note' });
    expect(editor).toHaveFocus();
    await user.clear(editor);
    await user.keyboard('better words');
    await user.click(within(note).getByRole('button', { name: 'Save note' }));
    expect(await within(note).findByText('better words')).toBeInTheDocument();
    expect(within(note).getByText('edited')).toBeInTheDocument();
    expect(within(note).getByRole('button', { name: /^Edit your note/ })).toHaveFocus();

    await user.click(within(note).getByRole('button', { name: /^Delete the note/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /^Internal note by/ })).not.toBeInTheDocument(),
    );
    expect(bff.notes).toEqual([]);
  });

  it("offers no edit of a teammate's note, and its deletion only to an owner", async () => {
    const { id } = conversation();
    const teammateNote = {
      id: '41',
      conversation_id: id,
      author_user_id: 'usr_staff2',
      body: 'She prefers email',
      mentioned_user_ids: [],
      created_at: new Date().toISOString(),
      edited_at: null,
    };
    const staff = renderTranscript(sim, id);
    staff.bff.notes.push(teammateNote);
    const seen = await screen.findByRole('article', { name: /^Internal note by Alex Kim,/ });
    expect(within(seen).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(seen).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    staff.unmount();

    const owner = renderTranscript(sim, id, 'owner');
    owner.bff.notes.push(teammateNote);
    const asOwner = await screen.findByRole('article', { name: /^Internal note by Alex Kim,/ });
    expect(within(asOwner).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(asOwner).getByRole('button', { name: /^Delete the note by Alex Kim/ })).toBeInTheDocument();
  });

  it("keeps a removed person's name on their note, and never offers them as a mention", async () => {
    const { id } = conversation();
    const { user, bff } = renderTranscript(sim, id);
    bff.notes.push({
      id: '42',
      conversation_id: id,
      author_user_id: TEST_FORMER[0]!.id,
      body: 'Refund promised',
      mentioned_user_ids: [],
      created_at: new Date().toISOString(),
      edited_at: null,
    });
    expect(
      await screen.findByRole('article', { name: /^Internal note by Robin Former,/ }),
    ).toBeInTheDocument();
    await noteMode(user);
    await user.keyboard('@ro');
    expect(screen.queryByRole('option', { name: 'Robin Former' })).not.toBeInTheDocument();
  });
});
