import { useEffect, useEffectEvent, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { lazyWhenOpen } from '@/components/lazy-when-open';
import { useRecordSavedReplyUse } from '@/lib/saved-replies';
import { useCurrentSession } from '@/lib/session-context';
import { useEventListener } from '@/lib/use-event-listener';
import type { Conversation } from '@/schemas/conversation';
import type { SavedReply } from '@/schemas/saved-replies';
import { SavedReplyPicker } from './saved-reply-picker';
import type { UnfilledVariablesDialog as DialogModule } from './unfilled-variables-dialog';
import { fillVariables, unfilledVariables, variableValues, type VariableProblem } from '@/lib/fill-variables';

// A react-aria dialog, rarely needed: loaded when first asked.
const [UnfilledVariablesDialog] = lazyWhenOpen<ComponentProps<typeof DialogModule>>(
  () => import('./unfilled-variables-dialog').then((module) => module.UnfilledVariablesDialog),
  { isOpen: (props) => props.variables.length > 0, close: (props) => props.onKeepEditing() },
);

/**
 * What the reply box asks of its saved replies: open the picker at the cursor (its button), or check a
 * draft before it is sent (`send` runs at once without an unfilled variable, else if the person says so).
 * `{}` only loads them: from the first focus of the reply box they follow what is typed.
 */
export type SavedRepliesCommand = { open?: true; send?: () => void };

/** Sends a checked draft once it is mounted (once, however often React runs its effect). */
function SendNow({ send, onSent }: { send: () => void; onSent: () => void }) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    send();
    onSent();
  });
  return null;
}

/** What the reply box does that can open, move or close the `/word` picker. */
const FOLLOWED_EVENTS = ['input', 'keyup', 'click'] as const;

/** `/` at the start of a word, then the word up to the cursor: what the picker searches for. */
export function slashQueryAt(text: string, cursor: number): { start: number; query: string } | null {
  const match = /(?:^|\s)\/([^\s/]*)$/.exec(text.slice(0, cursor));
  return match ? { start: cursor - match[1]!.length - 1, query: match[1]! } : null;
}

/**
 * Saved replies in the reply box. `/` at the start of a word opens the picker on that word, the button
 * opens it with a search field of its own; the chosen reply, its variables filled, replaces the `/word`
 * (or goes in at the cursor) and the rest of the draft stays as it was. A send with a variable still
 * written in it waits for the person's word.
 */
export function SavedReplies({
  command,
  conversation,
  draft,
  onDraftChange,
  textareaRef,
}: {
  command: SavedRepliesCommand | null;
  conversation: Conversation;
  draft: string;
  onDraftChange: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** The code could not be loaded: the reply box forgets the command, and asks again next time. */
  onUnavailable: () => void;
}) {
  const { user } = useCurrentSession();
  const recordUse = useRecordSavedReplyUse();
  // The `/word` being typed (its start and text), or `button` when opened by the button.
  const [picker, setPicker] = useState<{ start: number; query: string } | 'button' | null>(null);
  // The `/` whose picker Escape closed: typing on in that word does not open it again.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [asking, setAsking] = useState<{ variables: VariableProblem[]; send: () => void } | null>(null);
  const [handled, setHandled] = useState<SavedRepliesCommand | null>(null);
  if (command !== handled) {
    setHandled(command);
    if (command?.open) setPicker('button');
    if (command?.send) setAsking({ variables: unfilledVariables(draft), send: command.send });
  }

  const focusReplyBox = (caret?: number) =>
    requestAnimationFrame(() => {
      textareaRef.current?.focus();
      if (caret !== undefined) textareaRef.current?.setSelectionRange(caret, caret);
    });

  // The reply box's typing and cursor moves open, follow and close the `/word` picker. Listened to on
  // the document, so the reply box carries none of this code and a new reply box (reopened) is followed.
  const followBox = () => {
    const box = textareaRef.current;
    if (box === null || picker === 'button') return;
    const found =
      box.selectionStart === box.selectionEnd ? slashQueryAt(box.value, box.selectionStart) : null;
    if (found !== null && found.start === dismissedAt) return;
    setDismissedAt(null);
    setPicker(found);
  };
  useEventListener(document, FOLLOWED_EVENTS, (event) => {
    if (event.target === textareaRef.current) followBox();
  });
  // A `/word` typed while this code was on its way opens the picker now.
  const followAtFirst = useEffectEvent(followBox);
  useEffect(() => {
    const frame = requestAnimationFrame(() => followAtFirst());
    return () => cancelAnimationFrame(frame);
  }, []);

  const choose = (reply: SavedReply) => {
    const box = textareaRef.current;
    if (!box || picker === null) return;
    const [start, end] =
      picker === 'button' ? [box.selectionStart, box.selectionEnd] : [picker.start, box.selectionStart];
    const text = fillVariables(reply.text, variableValues(conversation, user)).text;
    recordUse.mutate(reply.id);
    setPicker(null);
    onDraftChange(draft.slice(0, start) + text + draft.slice(end));
    focusReplyBox(start + text.length);
  };

  return (
    <>
      {picker !== null ? (
        <SavedReplyPicker
          query={picker === 'button' ? null : picker.query}
          textareaRef={textareaRef}
          onChoose={choose}
          onClose={(escaped) => {
            if (escaped && picker !== 'button') setDismissedAt(picker.start);
            setPicker(null);
            if (escaped) focusReplyBox();
          }}
        />
      ) : null}
      {asking?.variables.length === 0 ? <SendNow send={asking.send} onSent={() => setAsking(null)} /> : null}
      <UnfilledVariablesDialog
        variables={asking?.variables ?? []}
        onSendAnyway={() => {
          asking?.send();
          setAsking(null);
          focusReplyBox();
        }}
        onKeepEditing={() => {
          setAsking(null);
          focusReplyBox();
        }}
      />
    </>
  );
}
