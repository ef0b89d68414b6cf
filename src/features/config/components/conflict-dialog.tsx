import { useId, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, Radio, RadioGroup } from 'react-aria-components';
import { Badge, type BadgeTone } from '@/components/badge';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { FIELD_LABELS } from '../config-form';
import {
  resolveConflicts,
  type ConfigMerge,
  type EditableConfig,
  type EditableField,
  type FieldMerge,
  type MergeOutcome,
} from '../merge-config';
import { ConfigValue } from './config-value';

/**
 * 'conflict': a save met a newer version (409 config_modified) and the merge is saved from here;
 * 'review': a background refresh found a newer version and the merge goes into the draft.
 */
export type MergeReview = {
  mode: 'conflict' | 'review';
  merge: ConfigMerge;
  theirsUpdatedAt: string | null;
  /** The newer version was saved by the same person (another tab or device): they are told so. */
  theirsByYou?: boolean;
};

type Choice = 'mine' | 'theirs';

const OUTCOME_ORDER: MergeOutcome[] = ['conflict', 'theirs', 'mine', 'same'];

const OUTCOMES: Record<Exclude<MergeOutcome, 'untouched'>, { label: string; tone: BadgeTone }> = {
  conflict: { label: 'Both changed: your choice', tone: 'warning' },
  theirs: { label: 'Their change, taken', tone: 'accent' },
  mine: { label: 'Your change, kept', tone: 'success' },
  same: { label: 'Same change on both sides', tone: 'neutral' },
};

function ChoiceRadio({ value, title, children }: { value: Choice; title: string; children: ReactNode }) {
  return (
    <Radio
      value={value}
      className={cx(
        'group flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ring-gray-300 outline-none ring-inset',
        'data-[selected]:bg-indigo-50 data-[selected]:ring-2 data-[selected]:ring-indigo-600',
        'data-[focus-visible]:ring-2 data-[focus-visible]:ring-indigo-500 data-[hovered]:bg-gray-50',
        'data-[selected]:data-[hovered]:bg-indigo-50',
      )}
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-gray-400 group-data-[selected]:ring-5 group-data-[selected]:ring-indigo-600"
      />
      <span className="min-w-0 flex-1 text-sm text-gray-800">
        <span className="block font-medium text-gray-900">{title}</span>
        <span className="mt-1 block">{children}</span>
      </span>
    </Radio>
  );
}

function FieldRow({
  fieldMerge,
  choice,
  onChoose,
  missing,
  groupId,
}: {
  fieldMerge: FieldMerge;
  choice: Choice | undefined;
  onChoose: (choice: Choice) => void;
  missing: boolean;
  groupId: string;
}) {
  const label: string = FIELD_LABELS[fieldMerge.field];
  const outcome = OUTCOMES[fieldMerge.outcome as Exclude<MergeOutcome, 'untouched'>];
  const column = (title: string, value: EditableConfig[EditableField], highlight = false) => (
    <div className={cx('min-w-0 rounded-md px-3 py-2 text-sm', highlight ? 'bg-indigo-50' : 'bg-gray-50')}>
      <dt className="text-xs font-medium tracking-wide text-gray-600 uppercase">{title}</dt>
      <dd className="mt-1 text-gray-800">
        <ConfigValue field={fieldMerge.field} value={value} />
      </dd>
    </div>
  );
  return (
    <li className="space-y-3 rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-[15px] font-semibold text-gray-900">{label}</h3>
        <Badge tone={outcome.tone}>{outcome.label}</Badge>
      </div>
      {fieldMerge.outcome === 'conflict' ? (
        <>
          <dl className="grid gap-2">{column('When you started', fieldMerge.base)}</dl>
          <RadioGroup
            id={groupId}
            aria-label={`${label}: which version to keep`}
            value={choice ?? null}
            onChange={(value) => onChoose(value as Choice)}
            isInvalid={missing}
            aria-describedby={missing ? `${groupId}-missing` : undefined}
            className="grid gap-2 sm:grid-cols-2"
          >
            <ChoiceRadio value="mine" title="Keep yours">
              <ConfigValue field={fieldMerge.field} value={fieldMerge.mine} />
            </ChoiceRadio>
            <ChoiceRadio value="theirs" title="Take the saved version">
              <ConfigValue field={fieldMerge.field} value={fieldMerge.theirs} />
            </ChoiceRadio>
          </RadioGroup>
          {missing ? (
            <p id={`${groupId}-missing`} className="text-sm text-red-700">
              Choose which version of {label.toLowerCase()} to keep.
            </p>
          ) : null}
        </>
      ) : (
        <dl className="grid gap-2 sm:grid-cols-3">
          {column('When you started', fieldMerge.base)}
          {column('Yours', fieldMerge.mine, fieldMerge.outcome === 'mine' || fieldMerge.outcome === 'same')}
          {column(
            'Saved now',
            fieldMerge.theirs,
            fieldMerge.outcome === 'theirs' || fieldMerge.outcome === 'same',
          )}
        </dl>
      )}
    </li>
  );
}

/**
 * The conflict prompt: field by field, the value the edit started from, the owner's and the one stored
 * now. Fields only the other side changed are taken, fields only this owner changed are kept, and the
 * owner picks for fields both changed. Nothing is saved until they confirm.
 */
export function ConflictDialog({
  review,
  onResolve,
  onCancel,
}: {
  review: MergeReview | null;
  onResolve: (resolved: EditableConfig) => void;
  onCancel: () => void;
}) {
  return (
    <ModalOverlay
      isOpen={review !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
      isDismissable={false}
      className="fixed inset-0 z-50 flex items-end justify-center bg-gray-900/40 p-2 backdrop-blur-[2px] sm:items-center sm:p-4"
    >
      <Modal className="flex max-h-[calc(100dvh-1rem)] w-full max-w-3xl flex-col rounded-xl bg-white shadow-xl ring-1 ring-gray-900/5 sm:max-h-[calc(100dvh-2rem)]">
        {/* Keyed by the version met, so a second conflict starts with fresh choices. */}
        {review ? (
          <ConflictDialogBody
            key={`${review.mode}-${review.theirsUpdatedAt ?? 'none'}`}
            review={review}
            onResolve={onResolve}
            onCancel={onCancel}
          />
        ) : null}
      </Modal>
    </ModalOverlay>
  );
}

function ConflictDialogBody({
  review,
  onResolve,
  onCancel,
}: {
  review: MergeReview;
  onResolve: (resolved: EditableConfig) => void;
  onCancel: () => void;
}) {
  const idPrefix = useId();
  const [choices, setChoices] = useState<Partial<Record<EditableField, Choice>>>({});
  const [showMissing, setShowMissing] = useState(false);
  const { merge, mode, theirsUpdatedAt, theirsByYou } = review;
  const changed = OUTCOME_ORDER.flatMap((outcome) =>
    merge.fields.filter((field) => field.outcome === outcome),
  );
  const missing = merge.conflicts.filter((field) => !choices[field]);
  const groupId = (field: EditableField) => `${idPrefix}-${field}`;

  const confirm = () => {
    if (missing.length > 0) {
      setShowMissing(true);
      const first = missing[0];
      if (first) document.getElementById(groupId(first))?.querySelector('input')?.focus();
      return;
    }
    onResolve(resolveConflicts(merge, choices));
  };

  const when = theirsUpdatedAt ? <RelativeTimestamp value={theirsUpdatedAt} /> : null;

  return (
    <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
      <div className="border-b border-gray-200 px-5 pt-5 pb-4 sm:px-7">
        <Heading slot="title" className="text-lg font-semibold text-gray-900">
          {mode === 'review'
            ? 'Review the newer saved version'
            : theirsByYou
              ? 'You, in another tab, saved changes while you were editing'
              : 'Someone else saved changes while you were editing'}
        </Heading>
        <p className="mt-1.5 text-[15px] text-gray-600">
          A newer version was saved{when ? <> {when}</> : null}. Nothing of yours is lost: their changes to
          other settings are taken, yours are kept, and where you both changed the same setting you choose.
          {mode === 'conflict'
            ? ' Nothing is saved until you confirm.'
            : ' Your draft is updated; save it when ready.'}
        </p>
        {merge.conflicts.length > 0 ? (
          <p className="mt-2 text-sm font-medium text-amber-800">
            {merge.conflicts.length === 1
              ? '1 setting needs your choice.'
              : `${merge.conflicts.length} settings need your choice.`}
          </p>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-7">
        {changed.length > 0 ? (
          <ul className="space-y-3" aria-label="Settings that differ">
            {changed.map((fieldMerge) => (
              <FieldRow
                key={fieldMerge.field}
                fieldMerge={fieldMerge}
                groupId={groupId(fieldMerge.field)}
                choice={choices[fieldMerge.field]}
                missing={showMissing && missing.includes(fieldMerge.field)}
                onChoose={(choice) => setChoices((current) => ({ ...current, [fieldMerge.field]: choice }))}
              />
            ))}
          </ul>
        ) : (
          <p className="text-[15px] text-gray-600">
            No setting differs: the saved version already matches yours.
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-7">
        <Button onPress={onCancel}>{mode === 'conflict' ? 'Not now' : 'Close'}</Button>
        <Button variant="primary" onPress={confirm}>
          {mode === 'conflict' ? 'Save merged version' : 'Use merged version in my draft'}
        </Button>
      </div>
    </Dialog>
  );
}
