import { shopperName } from '@/lib/conversation-labels';
import { useQueryClient } from '@tanstack/react-query';
import { conversationKeys } from '@/lib/query-keys';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import { toast } from '@/components/toast';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { describeApiError } from '@/lib/describe-error';
import { useAuthorNames, useCurrentSession } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import type { Message } from '@/schemas/message';
import type { Note } from '@/schemas/note';
import { focusWithTypeAhead } from '@/lib/type-ahead';
import { useDraft, type ComposerMode } from '../drafts';
import { putOutboxEntry, removeOutboxEntry, useOutbox, type OutboxEntry } from '../outbox';
import { deliverReply, resumeReplies, sendNewReply } from '../send-reply';
import { toItems } from '../transcript-items';
import { historyLines } from '../history-lines';
import { useTranscript } from '../use-transcript';
import { usePresenceViewers, useReportReplying } from '@/lib/presence';
import { findCollision, useDraftBaseline } from '../collision';
import { ReplyComposer } from './reply-composer';
import type { OutboxActions } from './transcript-row';
import { TranscriptSkeleton } from './transcript-skeleton';
import { TranscriptView } from './transcript-view';

export type ConversationTranscriptProps = {
  /** The freshest state the inbox knows of the open conversation. */
  conversation: Conversation;
  /** The inbox's takeover action (a PUT built from the freshest state); resolves when stored. */
  onTakeOver: () => Promise<unknown>;
  /** The inbox's reopen action. */
  onReopen: () => Promise<unknown>;
  /** Filled with what lets the page around put the cursor in the reply or note box. */
  replyHandle?: Ref<{ focusReply: () => void; focusNote: () => void }>;
};

// The internal notes (their reading, the Reply / Note switch and the note box) come just after the
// transcript, not with the inbox (notes-addon.tsx).
const addon = () => import('./notes-addon');
const NotesSource = lazy(() => addon().then((module) => ({ default: module.NotesSource })));
const NoteBox = lazy(() => addon().then((module) => ({ default: module.NoteBox })));
const ComposerModeSwitch = lazy(() => addon().then((module) => ({ default: module.ComposerModeSwitch })));

/**
 * The open conversation's transcript and reply box, below the inbox's conversation header. It fills
 * the height its parent gives it (the transcript scrolls inside, the reply box stays at the bottom);
 * give it a bounded height, e.g. a flex column child with `min-h-0 flex-1`.
 */
export function ConversationTranscript(props: ConversationTranscriptProps) {
  // A new conversation starts afresh: its own draft, scroll position and unread marker.
  return <TranscriptPane key={props.conversation.id} {...props} />;
}

function TranscriptPane({ conversation, onTakeOver, onReopen, replyHandle }: ConversationTranscriptProps) {
  const { user } = useCurrentSession();
  // Names only: a removed person's messages, notes and history lines keep their name.
  const authors = useAuthorNames();
  const queryClient = useQueryClient();
  const { query, messages, isComplete, liveError, historyQuery } = useTranscript(conversation.id);
  const [notes, setNotes] = useState<readonly Note[]>([]);
  const loadOlderNotes = useRef<(() => void) | null>(null);
  const outbox = useOutbox(user.id, conversation.id);
  const [draft, setDraft] = useDraft(user.id, conversation.id);
  const hasDraft = draft.trim() !== '';
  useReportReplying(conversation.id, hasDraft);
  // Who else is answering this shopper, asked about at the press of Send.
  const others = usePresenceViewers(conversation.id, user.id);
  const baseline = useDraftBaseline({ hasDraft, messages, isComplete });
  const checkCollision = () =>
    findCollision({ others, messages, seenIds: baseline.seenIds, selfUserId: user.id, roster: authors });
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Each mode keeps its own draft; the mode itself starts at Reply for every conversation.
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [noteDraft, setNoteDraft] = useDraft(user.id, conversation.id, 'note');
  // The mode whose box the textarea ref holds (set once that box is on the page).
  const shownMode = useRef<ComposerMode | null>(null);
  useEffect(() => {
    shownMode.current = mode;
  });
  const chooseMode = (next: ComposerMode) => {
    if (next !== mode) shownMode.current = null;
    setMode(next);
    // Keys typed right after `r` or `n` (or the switch) land in the box, even before it is on the page.
    focusWithTypeAhead(() => (shownMode.current === next ? textareaRef.current : null), {
      multiline: true,
    });
  };
  useImperativeHandle(replyHandle, () => ({
    focusReply: () => chooseMode('reply'),
    focusNote: () => chooseMode('note'),
  }));
  const shopper = shopperName(conversation);
  const sendOptions = useMemo(() => ({ queryClient, role: user.role }), [queryClient, user.role]);

  // A failure is shown on the reply itself; a toast only reaches someone who has left the conversation.
  const mountedRef = useRef(true);
  const [sendStatus, setSendStatus] = useState('');
  // Replies still on their way when the page last went away are sent again, with their own keys.
  useEffect(() => {
    mountedRef.current = true;
    resumeReplies(user.id, sendOptions);
    return () => {
      mountedRef.current = false;
    };
  }, [user.id, sendOptions]);
  const follow = useCallback(
    (sending: Promise<Message | null>) => {
      setSendStatus('Sending your reply…');
      void sending.then((message) => {
        if (mountedRef.current) {
          setSendStatus(
            message === null
              ? 'Your reply was not sent. Retry, edit or discard it in the transcript.'
              : 'Reply sent.',
          );
          return;
        }
        if (message !== null) return;
        toast.error(`Your reply to ${shopper} was not sent`, {
          description: 'It is kept in that conversation: open it to retry or edit it.',
        });
      });
    },
    [shopper],
  );
  const unclaimed = conversation.handoff_state === 'human' && conversation.assigned_to === null;
  const onSend = useCallback(
    (entry: OutboxEntry) => {
      const sending = sendNewReply(entry, sendOptions);
      follow(sending);
      // The BFF made the conversation the replier's, unless the owner turned that off: read it again.
      if (unclaimed)
        void sending.then(
          (message) =>
            message &&
            queryClient.invalidateQueries({
              queryKey: conversationKeys.detail(conversation.id),
              exact: true,
            }),
        );
    },
    [follow, sendOptions, unclaimed, queryClient, conversation.id],
  );

  const actions = useMemo<OutboxActions>(
    () => ({
      onRetry: (entry) => follow(deliverReply(entry, sendOptions)),
      onEdit: (entry) => {
        // Editing makes a new reply (a new key when sent); the unsent one is dropped.
        removeOutboxEntry(entry.authorUserId, entry.idempotencyKey);
        const current = textareaRef.current?.value ?? '';
        setDraft(current.trim() === '' ? entry.content : `${current.trimEnd()}\n\n${entry.content}`);
        textareaRef.current?.focus();
      },
      onDiscard: (entry) => {
        removeOutboxEntry(entry.authorUserId, entry.idempotencyKey);
        toast('Unsent reply discarded', {
          action: { label: 'Undo', onClick: () => putOutboxEntry(entry) },
        });
      },
    }),
    [follow, sendOptions, setDraft],
  );

  const history = useMemo(() => historyLines(historyQuery.data ?? [], authors), [historyQuery.data, authors]);
  const items = useMemo(() => toItems(messages, outbox, history, notes), [messages, outbox, history, notes]);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <TranscriptSkeleton label="Loading messages…" />;
  } else if (query.data === undefined || query.isFetchNextPageError) {
    // A failed first page, or a walk stopped on a later one: without the newest messages the transcript
    // would mislead, so it is not shown half.
    const walkStopped = query.data !== undefined;
    body = (
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        <ErrorState
          error={query.error}
          onRetry={() => void (walkStopped ? query.fetchNextPage() : query.refetch())}
          isRetrying={walkStopped ? query.isFetchingNextPage : query.isFetching}
          context={{ role: user.role }}
        />
        {walkStopped ? (
          <p className="mt-2 text-sm text-gray-600">
            {messages.length} earlier {messages.length === 1 ? 'message was' : 'messages were'} loaded; the
            newest are still missing.
          </p>
        ) : null}
      </div>
    );
  } else if (!isComplete) {
    body = <TranscriptSkeleton label={`Loading messages… ${messages.length} so far`} />;
  } else if (items.length === 0) {
    body = (
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        <EmptyState
          title="No messages yet"
          description={`Nothing has been said in this conversation yet. Your reply will be the first message ${shopper} sees.`}
        />
      </div>
    );
  } else {
    body = (
      <TranscriptView
        items={items}
        messages={messages}
        shopper={shopper}
        roster={authors}
        currentUserId={user.id}
        actions={actions}
        onReachStart={() => loadOlderNotes.current?.()}
      />
    );
  }

  const replyComposer = (header?: React.ReactNode) => (
    <ReplyComposer
      header={header}
      conversation={conversation}
      shopper={shopper}
      userId={user.id}
      role={user.role}
      draft={draft}
      onDraftChange={setDraft}
      onSend={onSend}
      onTakeOver={onTakeOver}
      onReopen={onReopen}
      textareaRef={textareaRef}
      checkCollision={checkCollision}
      onCollisionSeen={baseline.acknowledge}
    />
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {body}
      {liveError || historyQuery.isError ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-2 border-t border-amber-200 bg-amber-50 px-3 py-1.5 text-sm text-amber-900 sm:px-5"
        >
          {liveError ? (
            <span>
              <span className="font-medium">Live updates paused: </span>
              {describeApiError(liveError, { role: user.role }).title}. Trying again every few seconds.
            </span>
          ) : null}
          {historyQuery.isError ? (
            <span>
              <span className="font-medium">History not shown: </span>
              {describeApiError(historyQuery.error, { role: user.role }).title}.{' '}
              <Button size="sm" variant="ghost" onPress={() => void historyQuery.refetch()}>
                Retry
              </Button>
            </span>
          ) : null}
        </div>
      ) : null}
      <Suspense fallback={null}>
        <NotesSource conversationId={conversation.id} onNotes={setNotes} loadOlderRef={loadOlderNotes} />
      </Suspense>
      {mode === 'note' ? (
        <Suspense fallback={null}>
          <NoteBox
            conversationId={conversation.id}
            draft={noteDraft}
            onDraftChange={setNoteDraft}
            textareaRef={textareaRef}
            onModeChange={chooseMode}
          />
        </Suspense>
      ) : (
        replyComposer(
          <Suspense fallback={null}>
            <ComposerModeSwitch mode={mode} onChange={chooseMode} />
          </Suspense>,
        )
      )}
      <p aria-live="polite" className="sr-only">
        {sendStatus}
      </p>
    </div>
  );
}
