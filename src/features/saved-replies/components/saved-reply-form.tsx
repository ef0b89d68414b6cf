import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { CharacterCountField } from '@/components/character-count-field';
import { InlineNotice } from '@/components/inline-notice';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/api-error';
import { describeApiError } from '@/lib/describe-error';
import { countCharacters } from '@/schemas/characters';
import { SAVED_REPLY_TEXT_MAX, SAVED_REPLY_TITLE_MAX } from '@/schemas/limits';
import {
  SAVED_REPLY_SHORTCUT_TAKEN,
  savedReplyInputSchema,
  type SavedReply,
  type SavedReplyInput,
  type SavedReplyValues,
} from '@/schemas/saved-replies';
import { useCurrentSession } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import { fillVariables, VARIABLE_NAMES, variableProblems, variableValues } from '@/lib/fill-variables';
import { useSavedReplyWrites } from '../api/manage-saved-replies';

/** Who the preview is filled for: a sample shopper, and the person writing the reply. */
const SAMPLE_SHOPPER = { display_name: 'Kari Nordmann', email: 'kari.nordmann@example.com' } as Conversation;

/** The form's heading takes focus as it appears (one function, so React attaches it once). */
const focusOnMount = (heading: HTMLHeadingElement | null) => heading?.focus();

/**
 * Adds a saved reply, or edits `reply`. A refusal keeps everything typed in the form and points at the
 * field it names (a taken shortcut, a field over its limit).
 */
export function SavedReplyForm({
  reply,
  onDone,
}: {
  reply: SavedReply | null;
  /** Saved (with the reply as stored) or cancelled (null). */
  onDone: (saved: SavedReply | null) => void;
}) {
  const headingId = useId();
  const { save } = useSavedReplyWrites();
  const { register, handleSubmit, control, formState, setError, setFocus } = useForm<
    SavedReplyInput,
    unknown,
    SavedReplyValues
  >({
    resolver: zodResolver(savedReplyInputSchema),
    defaultValues: { title: reply?.title ?? '', shortcut: reply?.shortcut ?? '', text: reply?.text ?? '' },
  });
  const [title, text] = useWatch({ control, name: ['title', 'text'] });
  const { user } = useCurrentSession();
  // Checked as typed: a variable that cannot be filled is refused before it reaches a shopper.
  const problems = variableProblems(text);
  const textError =
    formState.errors.text?.message ??
    (problems[0] ? `${problems[0].variable} ${problems[0].problem}.` : undefined);

  const submit = (values: SavedReplyValues) =>
    save.mutate(
      { id: reply?.id ?? null, values },
      {
        onSuccess: (answer) => onDone(answer.data),
        onError: (error) => {
          if (!isApiError(error)) return;
          const field = error.field as keyof SavedReplyInput | undefined;
          if (
            (error.code === SAVED_REPLY_SHORTCUT_TAKEN || error.code === 'invalid_body') &&
            (field === 'title' || field === 'shortcut' || field === 'text')
          ) {
            setError(field, { message: error.message });
            setFocus(field);
          }
        },
      },
    );
  const refusal = save.isError ? describeApiError(save.error) : null;
  const fieldRefused = isApiError(save.error) && save.error.field !== undefined;

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        if (problems.length > 0) {
          event.preventDefault();
          setFocus('text');
          return;
        }
        void handleSubmit(submit)(event);
      }}
      className="space-y-5 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2
        id={headingId}
        ref={focusOnMount}
        tabIndex={-1}
        className="text-lg font-semibold text-gray-900 outline-none"
      >
        {reply ? `Edit “${reply.title}”` : 'New saved reply'}
      </h2>
      <CharacterCountField
        {...register('title')}
        label="Title"
        count={countCharacters(title)}
        max={SAVED_REPLY_TITLE_MAX}
        autoComplete="off"
        description="What the team searches for in the reply box."
        error={formState.errors.title?.message}
      />
      <TextField
        {...register('shortcut')}
        label="Shortcut (optional)"
        autoComplete="off"
        spellCheck={false}
        description="One word: typing / and this word in the reply box finds the reply, e.g. deli for /deli."
        error={formState.errors.shortcut?.message}
      />
      <CharacterCountField
        {...register('text')}
        multiline
        rows={6}
        label="Text"
        count={countCharacters(text)}
        max={SAVED_REPLY_TEXT_MAX}
        description={
          <>
            Variables are filled in when the reply is inserted:{' '}
            {VARIABLE_NAMES.map((name, index) => (
              <span key={name}>
                {index > 0 ? ', ' : null}
                <code className="rounded bg-gray-100 px-1 text-[13px]">{`{{${name}}}`}</code>
              </span>
            ))}
            . Give a fallback for a missing value like this:{' '}
            <code className="rounded bg-gray-100 px-1 text-[13px]">{'{{shopper.first_name | "there"}}'}</code>
            .
          </>
        }
        error={textError}
      />
      {text.includes('{{') && problems.length === 0 ? (
        <div className="rounded-md bg-gray-50 p-3 text-sm text-gray-800 ring-1 ring-gray-200">
          <p className="font-medium text-gray-600">Preview for a sample shopper, Kari Nordmann</p>
          <p dir="auto" className="mt-1 whitespace-pre-wrap">
            {fillVariables(text, variableValues(SAMPLE_SHOPPER, user)).text}
          </p>
        </div>
      ) : null}
      {refusal && !fieldRefused ? (
        <InlineNotice role="alert" tone="warning" title={`Not saved: ${refusal.title}`}>
          {refusal.description} What you typed is still here.
        </InlineNotice>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onPress={() => onDone(null)} isDisabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isPending={save.isPending}>
          {reply ? 'Save changes' : 'Add saved reply'}
        </Button>
      </div>
    </form>
  );
}
