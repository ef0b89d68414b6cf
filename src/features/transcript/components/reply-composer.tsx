import {
  useId,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { lazyWhenOpen } from '@/components/lazy-when-open';
import { inputClasses } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import type { Role } from '@/schemas/bff';
import type { Conversation } from '@/schemas/conversation';
import { messageCreateSchema } from '@/schemas/message';
import type { CollisionWarning } from '../collision';
import type { OutboxEntry } from '../outbox';
import { newReply } from '../send-reply';
import type { SavedReplies as SavedRepliesModule, SavedRepliesCommand } from '../saved-replies/saved-replies';
import type { CollisionDialog as CollisionDialogModule } from './collision-dialog';

// A react-aria modal most replies never need: fetched when first asked, or as a pointer or focus reaches
// the send buttons.
const [CollisionDialog, prefetchCollisionDialog] = lazyWhenOpen<ComponentProps<typeof CollisionDialogModule>>(
  () => import('./collision-dialog').then((module) => module.CollisionDialog),
  { isOpen: ({ warning }) => warning !== null, close: ({ onKeepEditing }) => onKeepEditing() },
);
const prefetchCollision = () => void prefetchCollisionDialog().catch(() => undefined);

// Saved replies (the picker, the filling of variables): loaded at the first focus of the reply box or a
// press of its button, and mounted from then on.
const [SavedReplies] = lazyWhenOpen<ComponentProps<typeof SavedRepliesModule>>(
  () => import('../saved-replies/saved-replies').then((module) => module.SavedReplies),
  { isOpen: ({ command }) => command !== null, close: ({ onUnavailable }) => onUnavailable() },
);

/** A press of Send this soon after a reply went is the same press, doubled. */
const DOUBLE_PRESS_MS = 1000;

const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

export type ReplyComposerProps = {
  conversation: Conversation;
  shopper: string;
  userId: string;
  role: Role;
  draft: string;
  onDraftChange: (text: string) => void;
  /** Persists and sends a reply made by this composer. */
  onSend: (entry: OutboxEntry) => void;
  onTakeOver: () => Promise<unknown>;
  onReopen: () => Promise<unknown>;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** At the press of Send: a teammate's reply or reply box to ask about first, or null. */
  checkCollision?: () => CollisionWarning | null;
  /** The person read the warning and kept editing: what it named is not asked about again. */
  onCollisionSeen?: () => void;
  /** Shown at the top of the box (the Reply / Note switch). */
  header?: ReactNode;
};

function Notice({ tone, children }: { tone: 'warning' | 'neutral'; children: React.ReactNode }) {
  return (
    <div
      className={cx(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md px-3 py-2 text-sm',
        tone === 'warning' ? 'bg-amber-50 text-amber-900 ring-1 ring-amber-200' : 'bg-gray-100 text-gray-800',
      )}
    >
      {children}
    </div>
  );
}

/**
 * The reply box. Blank replies are refused before anything is sent; Ctrl/Cmd+Enter sends. While the bot
 * still answers the shopper, the first choice is "Take over and send" so a person and the bot never
 * talk over each other; a closed conversation is reopened before anyone replies.
 */
export function ReplyComposer({
  conversation,
  shopper,
  userId,
  role,
  draft,
  onDraftChange,
  onSend,
  onTakeOver,
  onReopen,
  textareaRef,
  checkCollision,
  onCollisionSeen,
  header,
}: ReplyComposerProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'takeover' | 'reopen' | null>(null);
  // The send waiting on the collision question, with what it asks about.
  const [asking, setAsking] = useState<{ warning: CollisionWarning; takeOver: boolean } | null>(null);
  const isBot = conversation.handoff_state === 'bot';
  const isClosed = conversation.status === 'closed';
  const [savedReplies, setSavedReplies] = useState<SavedRepliesCommand | null>(null);
  const sentAt = useRef(-Infinity);

  async function send(takeOver: boolean, confirmed = false, variablesConfirmed = confirmed) {
    if (busy) return;
    const parsed = messageCreateSchema.safeParse({ content: draft, author_user_id: userId });
    if (!parsed.success) {
      // A second press of Send (a double-click) finds the box the first one emptied: nothing to say.
      if (draft.trim() === '' && performance.now() - sentAt.current < DOUBLE_PRESS_MS) return;
      setError(parsed.error.issues[0]?.message ?? 'A reply cannot be blank.');
      textareaRef.current?.focus();
      return;
    }
    // Perhaps a saved reply's variable left unfilled: the saved replies check, and ask if so.
    if (!variablesConfirmed && draft.includes('{{')) {
      setSavedReplies({ send: () => void send(takeOver, false, true) });
      return;
    }
    const warning = confirmed ? null : (checkCollision?.() ?? null);
    if (warning !== null) {
      setAsking({ warning, takeOver });
      return;
    }
    // The key is minted at the press; the reply is persisted with it before its request leaves.
    const entry = newReply({ conversationId: conversation.id, content: draft.trim(), authorUserId: userId });
    setError(null);
    if (takeOver) {
      setBusy('takeover');
      try {
        await onTakeOver();
      } catch (caught) {
        const { title, description } = describeApiError(caught, { role });
        setError(
          `Could not take the conversation over, so the reply was not sent (it is kept here). ${title}. ${description}`,
        );
        return;
      } finally {
        setBusy(null);
      }
    }
    onDraftChange('');
    sentAt.current = performance.now();
    onSend(entry);
    textareaRef.current?.focus();
  }

  async function reopen() {
    setBusy('reopen');
    setError(null);
    try {
      await onReopen();
    } catch (caught) {
      const { title, description } = describeApiError(caught, { role });
      setError(`Could not reopen the conversation. ${title}. ${description}`);
    } finally {
      setBusy(null);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !isClosed) {
      event.preventDefault();
      void send(isBot);
    }
  }

  // Either answer leaves the person in the reply box: the draft is there, sent or still to edit. The
  // dialog hands focus back to what opened it when it closes, so the reply box is focused after that.
  const backToReplyBox = () => requestAnimationFrame(() => textareaRef.current?.focus());
  const collisionDialog = (
    <CollisionDialog
      warning={asking?.warning ?? null}
      onSendAnyway={() => {
        const takeOver = asking?.takeOver ?? false;
        setAsking(null);
        void send(takeOver, true);
        backToReplyBox();
      }}
      onKeepEditing={() => {
        setAsking(null);
        onCollisionSeen?.();
        backToReplyBox();
      }}
    />
  );

  const shortcut = isApple() ? '⌘ Enter' : 'Ctrl+Enter';
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;
  // Always mounted (in one place or the other), so a new error is announced.
  const errorLine = (
    <p id={errorId} role="alert" className="text-sm text-red-700 empty:hidden">
      {error}
    </p>
  );

  return (
    <div className="shrink-0 space-y-1.5 border-t border-gray-200 bg-white px-3 py-2.5 sm:px-5">
      {isClosed ? header : null}
      {isClosed ? (
        <Notice tone="neutral">
          <p id={noticeId} className="min-w-48 flex-1">
            This conversation is closed. Reopen it to reply to {shopper}
            {draft.trim() === '' ? '.' : ': your draft is kept.'}
          </p>
          <Button size="sm" variant="primary" onPress={() => void reopen()} isPending={busy === 'reopen'}>
            Reopen conversation
          </Button>
        </Notice>
      ) : isBot ? (
        <Notice tone="warning">
          <p id={noticeId} className="min-w-48 flex-1">
            <span className="font-medium">The assistant is still answering {shopper}.</span> Take over when
            you reply, so you and the bot do not talk over each other.
          </p>
        </Notice>
      ) : null}
      <SavedReplies
        command={savedReplies}
        conversation={conversation}
        draft={draft}
        onDraftChange={onDraftChange}
        textareaRef={textareaRef}
        onUnavailable={() => setSavedReplies(null)}
      />
      {isClosed ? null : (
        <>
          <label htmlFor={`${id}-reply`} className="sr-only">
            Reply to {shopper}
          </label>
          {/* One line at rest, beside Send; it grows with its text while typing, up to a cap, then scrolls. */}
          {/* The header (the Reply / Note switch) sits beside the box, so the transcript keeps the height. */}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
            {header ? <div className="sm:mb-1 sm:self-start sm:pt-1">{header}</div> : null}
            <textarea
              ref={textareaRef}
              id={`${id}-reply`}
              dir="auto"
              value={draft}
              onChange={(event) => {
                onDraftChange(event.target.value);
                if (error) setError(null);
              }}
              onFocus={() => setSavedReplies((command) => command ?? {})}
              onKeyDown={onKeyDown}
              rows={1}
              placeholder={`Reply to ${shopper}…`}
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? errorId : null, isBot ? noticeId : null, hintId]
                .filter(Boolean)
                .join(' ')}
              className={cx(
                inputClasses,
                'max-h-40 min-h-10 min-w-0 flex-1 resize-none [field-sizing:content] sm:basis-48',
              )}
            />
            <div
              className="flex shrink-0 flex-wrap items-center justify-end gap-2 sm:ml-auto"
              onPointerEnter={prefetchCollision}
              onFocus={prefetchCollision}
            >
              <Button variant="secondary" onPress={() => setSavedReplies({ open: true })}>
                Saved replies
              </Button>
              {isBot ? (
                <>
                  <Button variant="secondary" onPress={() => void send(false)} isDisabled={busy !== null}>
                    Send anyway
                  </Button>
                  <Button variant="primary" onPress={() => void send(true)} isPending={busy === 'takeover'}>
                    Take over and send
                  </Button>
                </>
              ) : (
                <Button variant="primary" onPress={() => void send(false)}>
                  Send
                </Button>
              )}
            </div>
          </div>
          {errorLine}
          {/* A keyboard shortcut is no help on a phone; on a short screen the transcript needs its line more. */}
          <p id={hintId} className="hidden text-xs text-gray-500 sm:block [@media(max-height:50rem)]:sr-only">
            {shortcut} to {isBot ? 'take over and send' : 'send'}
          </p>
          {collisionDialog}
        </>
      )}
      {isClosed ? errorLine : null}
    </div>
  );
}
