import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type BaseSyntheticEvent, type Ref } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/toast';
import { Button } from '@/components/button';
import { CharacterCountField } from '@/components/character-count-field';
import { FileLoadButton } from '@/components/file-load-button';
import { InlineNotice } from '@/components/inline-notice';
import { RadioCardGroup } from '@/components/radio-card-group';
import { Spinner } from '@/components/spinner';
import { isApiError } from '@/lib/api-error';
import { pendingWrite, type PendingWrite } from '@/lib/idempotency';
import { useCurrentSession } from '@/lib/session-context';
import { useElapsedSeconds } from '@/lib/use-elapsed-seconds';
import { countCharacters } from '@/schemas/characters';
import { KNOWLEDGE_KINDS, type KnowledgeSourceCreate } from '@/schemas/knowledge-source';
import { KNOWLEDGE_TEXT_MAX, KNOWLEDGE_TITLE_MAX } from '@/schemas/limits';
import { useCreateKnowledgeSource } from '../api/create-knowledge-source';
import { formatCount, formatCountOf } from '../format-count';
import { KIND_COPY } from '../kinds';
import { readTextFile, TEXT_FILE_ACCEPT } from '../read-text-file';
import {
  clearDraft,
  EMPTY_DRAFT,
  loadDraft,
  samePayload,
  saveDraft,
  type SourceDraft,
} from '../source-draft';
import { sourceFormSchema, type SourceFormInput, type SourceFormOutput } from '../source-form-schema';
import { announceCreated, SubmitProblem } from './add-source-feedback';
import { KindFormatHelp } from './kind-format-help';

const KIND_OPTIONS = KNOWLEDGE_KINDS.map((kind) => ({ value: kind, ...KIND_COPY[kind] }));

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

  const loadFile = async (file: File) => {
    const result = await readTextFile(file);
    if (!result.ok) {
      setFileError(result.message);
      return;
    }
    setFileError(null);
    const previous = getValues('text');
    setValue('text', result.text, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    const name = file.name.replace(/\.[^.]+$/, '').trim();
    if (getValues('title').trim() === '' && name !== '' && countCharacters(name) <= KNOWLEDGE_TITLE_MAX) {
      setValue('title', name, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
    toast(`Loaded “${file.name}”`, {
      description: `${formatCountOf(countCharacters(result.text), 'character')}.`,
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
        <InlineNotice tone="info" title="The store reads the text once; the dashboard keeps a copy">
          The store turns it into pieces the assistant can search and discards the text. This dashboard keeps
          what you submit, so you can read it again from the list. The store’s API cannot replace or delete a
          source: to correct one, add an edited copy as a new source.
        </InlineNotice>
      </div>

      <Controller
        control={control}
        name="kind"
        render={({ field, fieldState }) => (
          <RadioCardGroup
            label="Kind"
            description="Say what the text is: it decides how the text is split."
            options={KIND_OPTIONS}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            isReadOnly={busy}
            isInvalid={fieldState.invalid}
            errorMessage={fieldState.error?.message}
            firstInputRef={firstKindInput}
          />
        )}
      />

      <CharacterCountField
        {...register('title')}
        label="Title"
        count={countCharacters(values.title)}
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
          count={countCharacters(values.text)}
          max={KNOWLEDGE_TEXT_MAX}
          rows={10}
          spellCheck
          readOnly={busy}
          style={{ maxHeight: '28rem' }}
          description={`Type or paste it, or load a .txt, .md or .csv file (UTF-8, up to ${formatCount(KNOWLEDGE_TEXT_MAX)} characters).`}
          error={formState.errors.text?.message}
        />
        <div className="space-y-2">
          <FileLoadButton accept={TEXT_FILE_ACCEPT} disabled={busy} onFile={(file) => void loadFile(file)}>
            Load text from a file
          </FileLoadButton>
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
