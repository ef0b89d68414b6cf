import { zodResolver } from '@hookform/resolvers/zod';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type BaseSyntheticEvent,
  type ChangeEvent,
  type Ref,
} from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FieldError, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/button';
import { buttonClasses } from '@/components/button-classes';
import { CharacterCountField } from '@/components/character-count-field';
import { cx } from '@/components/cx';
import { InlineNotice } from '@/components/inline-notice';
import { Spinner } from '@/components/spinner';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { describeApiError } from '@/lib/describe-error';
import { pendingWrite, type PendingWrite } from '@/lib/idempotency';
import { useCurrentSession } from '@/lib/session-context';
import {
  KNOWLEDGE_KINDS,
  knowledgeKindSchema,
  type KnowledgeSource,
  type KnowledgeSourceCreate,
} from '@/schemas/knowledge-source';
import { KNOWLEDGE_TEXT_MAX, KNOWLEDGE_TITLE_MAX } from '@/schemas/limits';
import { useCreateKnowledgeSource } from '../api/create-knowledge-source';
import { formatCount, formatCountOf } from '../format-count';
import { chunkCountLabel, KIND_COPY } from '../kinds';
import { readTextFile, TEXT_FILE_ACCEPT } from '../read-text-file';
import {
  clearDraft,
  EMPTY_DRAFT,
  loadDraft,
  samePayload,
  saveDraft,
  type SourceDraft,
} from '../source-draft';
import { KindFormatHelp } from './kind-format-help';

const sourceFormSchema = z.object({
  kind: knowledgeKindSchema.nullable().transform((kind, context) => {
    if (kind !== null) return kind;
    context.addIssue({ code: 'custom', message: 'Choose whether this is an FAQ or a document.' });
    return z.NEVER;
  }),
  title: z
    .string()
    .trim()
    .min(1, 'Give the source a title.')
    .max(
      KNOWLEDGE_TITLE_MAX,
      `A title holds at most ${formatCount(KNOWLEDGE_TITLE_MAX)} characters. Shorten it.`,
    ),
  text: z.string().superRefine((text, context) => {
    if (text.trim() === '') {
      context.addIssue({ code: 'custom', message: 'Add the text the assistant should learn from.' });
    } else if (text.length > KNOWLEDGE_TEXT_MAX) {
      context.addIssue({
        code: 'custom',
        message: `The text is ${formatCountOf(text.length - KNOWLEDGE_TEXT_MAX, 'character')} over the limit of ${formatCount(KNOWLEDGE_TEXT_MAX)}. Shorten it, or split it into two sources.`,
      });
    }
  }),
});
type SourceFormInput = z.input<typeof sourceFormSchema>;
type SourceFormOutput = z.output<typeof sourceFormSchema>;

/** Seconds since `start` (epoch ms), ticking while it is set: how long the ingest has been running. */
function useElapsedSeconds(start: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (start === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [start]);
  return start === null ? 0 : Math.max(0, Math.floor((now - start) / 1000));
}

function announceCreated(source: KnowledgeSource) {
  if (source.chunk_count === 0) {
    toast.warning(`“${source.title}” was added, but nothing usable was found in it`, {
      description: 'It has 0 chunks, so the assistant cannot answer from it. The list says how to fix it.',
    });
  } else {
    toast.success(`“${source.title}” was added`, {
      description: `${chunkCountLabel(source.chunk_count)}: the assistant can answer from it now.`,
    });
  }
}

/** What the owner does when adding failed: the store's AI is off, or anything else the API said. */
function SubmitProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (hasErrorCode(error, 'agent_disabled')) {
    return (
      <InlineNotice
        role="alert"
        tone="warning"
        title="The store’s AI features are off"
        actions={
          <Button size="sm" onPress={onRetry}>
            Retry
          </Button>
        }
      >
        Adding a source needs them: they turn your text into something the assistant can search. An owner
        turns them on in the store’s admin settings (a store-wide setting, not the assistant’s switch on the
        Assistant page). Then retry: everything you entered is still here.
      </InlineNotice>
    );
  }
  const { title, description } = describeApiError(error, { role: 'owner' });
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-[15px]">
      <p className="font-semibold text-red-900">{title}</p>
      <p className="mt-0.5 text-red-800">{description} What you entered is still here.</p>
      <Button className="mt-3" size="sm" onPress={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * Adds one knowledge source. The kind has no default (the owner says what the text is), the text may be
 * typed, pasted or loaded from a local file, and is never cut: over the limit, the form says so.
 * One submission has one Idempotency-Key: pressing Retry (or submitting again, even after a reload) with
 * the same kind, title and text resends it, so one action never creates two sources; any change mints
 * a new key.
 */
export function AddSourceForm({
  onClose,
  headingRef,
}: {
  onClose: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { user } = useCurrentSession();
  const [stored] = useState(() => loadDraft(user.id));
  const pending = useRef<PendingWrite<KnowledgeSourceCreate> | null>(stored?.pending ?? null);
  const [interrupted, setInterrupted] = useState(() => stored?.pending != null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const elapsed = useElapsedSeconds(startedAt);
  const firstKindInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const kindIds = useId();

  const form = useForm<SourceFormInput, unknown, SourceFormOutput>({
    resolver: zodResolver(sourceFormSchema),
    defaultValues: stored ? { kind: stored.kind, title: stored.title, text: stored.text } : EMPTY_DRAFT,
  });
  const { control, register, handleSubmit, formState, setValue, getValues, reset, setError } = form;
  const values = useWatch({ control }) as SourceDraft;

  const mutation = useCreateKnowledgeSource({
    onCreated: (source, write) => {
      // Also when the form was left during the ingest: the stored draft was this submission, drop it.
      if (loadDraft(user.id)?.pending?.idempotencyKey === write.idempotencyKey) clearDraft(user.id);
      announceCreated(source);
    },
  });
  const busy = mutation.isPending;

  // Everything typed survives a reload or a trip to another screen.
  useEffect(() => {
    saveDraft(user.id, {
      kind: values.kind,
      title: values.title,
      text: values.text,
      pending: pending.current,
    });
  }, [user.id, values.kind, values.title, values.text]);

  const submit = (output: SourceFormOutput) => {
    const payload: KnowledgeSourceCreate = { kind: output.kind, title: output.title, text: output.text };
    if (pending.current === null || !samePayload(pending.current.payload, payload)) {
      pending.current = pendingWrite(payload);
    }
    const write = pending.current;
    saveDraft(user.id, { ...getValues(), pending: write });
    setStartedAt(Date.now());
    mutation.mutate(write, {
      onSuccess: () => {
        pending.current = null;
        setInterrupted(false);
        setFileError(null);
        reset(EMPTY_DRAFT);
      },
      onError: (error) => {
        if (
          isApiError(error) &&
          error.code === 'invalid_body' &&
          (error.field === 'title' || error.field === 'text')
        ) {
          setError(error.field, { message: error.message });
        }
      },
      onSettled: () => setStartedAt(null),
    });
  };
  // The radio group is not a field react-hook-form can focus: point the owner at it by hand.
  const onSubmit = (event?: BaseSyntheticEvent) =>
    handleSubmit(submit, (errors) => {
      if (errors.kind) firstKindInput.current?.focus();
    })(event);

  const clear = () => {
    pending.current = null;
    setInterrupted(false);
    setFileError(null);
    mutation.reset();
    reset(EMPTY_DRAFT);
    clearDraft(user.id);
  };

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Let the same file be picked again after it was edited on disk.
    input.value = '';
    if (!file) return;
    const result = await readTextFile(file);
    if (!result.ok) {
      setFileError(result.message);
      return;
    }
    setFileError(null);
    const previous = getValues('text');
    setValue('text', result.text, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    const name = file.name.replace(/\.[^.]+$/, '').trim();
    if (getValues('title').trim() === '' && name !== '' && name.length <= KNOWLEDGE_TITLE_MAX) {
      setValue('title', name, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
    toast(`Loaded “${file.name}”`, {
      description: `${formatCountOf(result.text.length, 'character')}.`,
      action:
        previous.trim() === ''
          ? undefined
          : { label: 'Undo', onClick: () => setValue('text', previous, { shouldDirty: true }) },
    });
  };

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <div className="space-y-3">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-gray-900 outline-none"
        >
          Add a knowledge source
        </h2>
        <InlineNotice tone="info" title="The text is read once, not kept">
          The store turns it into pieces the assistant can search, then discards it: it cannot be shown,
          downloaded or edited later. Keep your own copy of what you add.
        </InlineNotice>
      </div>

      <Controller
        control={control}
        name="kind"
        render={({ field, fieldState }) => (
          <RadioGroup
            value={field.value}
            onChange={(value) => field.onChange(value)}
            onBlur={field.onBlur}
            isReadOnly={busy}
            isRequired
            isInvalid={fieldState.invalid}
            validationBehavior="aria"
            className="space-y-2"
          >
            <Label className="block text-sm font-medium text-gray-800">Kind</Label>
            <Text slot="description" className="block text-sm text-gray-600">
              Say what the text is: it decides how the text is split.
            </Text>
            <div className="grid gap-3 sm:grid-cols-2">
              {KNOWLEDGE_KINDS.map((kind, index) => (
                <Radio
                  key={kind}
                  value={kind}
                  aria-labelledby={`${kindIds}-${kind}-label`}
                  aria-describedby={`${kindIds}-${kind}-description`}
                  inputRef={index === 0 ? firstKindInput : undefined}
                  className={({ isSelected, isFocusVisible, isInvalid }) =>
                    cx(
                      'flex cursor-pointer gap-3 rounded-lg px-4 py-3 ring-1 transition-colors ring-inset',
                      isSelected
                        ? 'bg-indigo-50 ring-2 ring-indigo-600'
                        : 'bg-white ring-gray-300 hover:bg-gray-50',
                      isInvalid && !isSelected && 'ring-red-400',
                      isFocusVisible && 'outline-2 outline-offset-2 outline-indigo-600',
                    )
                  }
                >
                  {({ isSelected }) => (
                    <>
                      <span
                        aria-hidden="true"
                        className={cx(
                          'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
                          isSelected ? 'bg-indigo-600 ring-indigo-600' : 'bg-white ring-gray-400',
                        )}
                      >
                        {isSelected ? <span className="size-1.5 rounded-full bg-white" /> : null}
                      </span>
                      <span>
                        <span
                          id={`${kindIds}-${kind}-label`}
                          className="block text-[15px] font-medium text-gray-900"
                        >
                          {KIND_COPY[kind].label}
                        </span>
                        <span id={`${kindIds}-${kind}-description`} className="block text-sm text-gray-600">
                          {KIND_COPY[kind].description}
                        </span>
                      </span>
                    </>
                  )}
                </Radio>
              ))}
            </div>
            <FieldError className="block text-sm text-red-700">{fieldState.error?.message}</FieldError>
          </RadioGroup>
        )}
      />

      <CharacterCountField
        {...register('title')}
        label="Title"
        count={values.title.length}
        max={KNOWLEDGE_TITLE_MAX}
        autoComplete="off"
        readOnly={busy}
        description="Shoppers never see it; it names the source in this list."
        error={formState.errors.title?.message}
      />

      <div className="space-y-3">
        {values.kind ? (
          <div className="rounded-md bg-gray-50 px-4 py-3 ring-1 ring-gray-200 ring-inset">
            <KindFormatHelp kind={values.kind} />
          </div>
        ) : null}
        <CharacterCountField
          {...register('text', { onChange: () => setFileError(null) })}
          multiline
          label="Text"
          count={values.text.length}
          max={KNOWLEDGE_TEXT_MAX}
          rows={10}
          spellCheck
          readOnly={busy}
          style={{ maxHeight: '28rem' }}
          description={`Type or paste it, or load a .txt, .md or .csv file (UTF-8, up to ${formatCount(KNOWLEDGE_TEXT_MAX)} characters).`}
          error={formState.errors.text?.message}
        />
        <div className="space-y-2">
          <label
            className={buttonClasses({
              size: 'sm',
              className: cx(
                'cursor-pointer has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-indigo-500 has-[input:focus-visible]:ring-offset-2',
                busy && 'pointer-events-none opacity-50',
              ),
            })}
          >
            <input
              type="file"
              accept={TEXT_FILE_ACCEPT}
              disabled={busy}
              className="sr-only"
              onChange={(event) => void loadFile(event)}
            />
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-gray-500">
              <path d="M9.25 13.25a.75.75 0 0 0 1.5 0V4.636l2.955 3.129a.75.75 0 0 0 1.09-1.03l-4.25-4.5a.75.75 0 0 0-1.09 0l-4.25 4.5a.75.75 0 1 0 1.09 1.03L9.25 4.636v8.614Z" />
              <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
            </svg>
            Load text from a file
          </label>
          {fileError ? (
            <p role="alert" className="text-sm text-red-700">
              {fileError}
            </p>
          ) : null}
        </div>
      </div>

      {interrupted && !busy && !mutation.isError ? (
        <InlineNotice tone="neutral" title="Your last attempt may not have finished">
          The page was left while this source was being added. Adding it again is safe: if the first attempt
          went through, it is not added twice.
        </InlineNotice>
      ) : null}

      {busy ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-[15px] text-indigo-900"
        >
          <Spinner className="mt-0.5 size-5" />
          <span>
            <span className="block font-medium">Ingesting… this can take a minute.</span>{' '}
            <span className="block text-sm text-indigo-800">
              You can keep working elsewhere in the dashboard meanwhile.
            </span>
          </span>
          <span aria-hidden="true" className="ml-auto text-sm text-indigo-700 tabular-nums">
            {Math.floor(elapsed / 60)}:{String(elapsed % 60).padStart(2, '0')}
          </span>
        </div>
      ) : mutation.isError ? (
        <SubmitProblem error={mutation.error} onRetry={() => void onSubmit()} />
      ) : null}

      <div className="flex flex-wrap items-center gap-3 border-t border-gray-100 pt-5">
        <Button type="submit" variant="primary" isPending={busy}>
          Add source
        </Button>
        <Button variant="ghost" onPress={clear} isDisabled={busy}>
          Clear
        </Button>
        <Button variant="ghost" onPress={onClose} className="ml-auto">
          Close
        </Button>
      </div>
      <p className="-mt-3 text-sm text-gray-500">
        A draft stays in this browser tab until you add it or clear it.
      </p>
    </form>
  );
}
