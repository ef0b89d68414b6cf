import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge, type BadgeTone } from '@/components/badge';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import { formatDateTime } from '@/lib/format';
import {
  INTEGRATION_LABEL_MAX,
  INTEGRATION_NOTE_MAX,
  INTEGRATION_SEARCH_MAX,
  integrationLabelSchema,
  type Integration,
  type IntegrationLabel,
  type IntegrationStatus,
} from '@/schemas/integrations';
import { useIntegrations, useRefreshEndpointsAtOpen, useRelabelIntegration } from '../api/integrations';

const STATUS: Record<IntegrationStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  inactive: { label: 'Inactive', tone: 'neutral' },
  auto_disabled: { label: 'Auto-disabled', tone: 'warning' },
  not_found: { label: 'Not in the store', tone: 'danger' },
  removed: { label: 'Removed', tone: 'neutral' },
  removal_refused: { label: 'Removal refused', tone: 'danger' },
};
const KIND = { webhook_endpoint: 'Webhook endpoint', notification_template: 'Notification template' };

/**
 * The webhook endpoints and notification templates the dashboard remembers, searchable, each with its
 * owner's label and note, and the history of the templates removed through the dashboard.
 */
export function KnownIntegrations() {
  const [q, setQ] = useState('');
  const list = useIntegrations(q);
  useRefreshEndpointsAtOpen(q === '' ? list.data?.entries : undefined);
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600">
        The store’s API offers no list of its webhook endpoints or notification templates, so this list holds
        those looked up or removed through the dashboard. One made elsewhere appears once someone looks it up
        here. Each endpoint’s state is read again from the store when this page opens.
      </p>
      <div role="search" aria-label="Integrations">
        <TextField
          type="search"
          label="Search integrations"
          description="By id, URL, label, note or event."
          maxLength={INTEGRATION_SEARCH_MAX}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          className="max-w-md"
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading the integrations…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : list.data.entries.length === 0 ? (
        <p className="text-[15px] text-gray-600">
          {q === ''
            ? 'None yet: look an endpoint up by its id below, and it is listed here for everyone.'
            : 'Nothing matches this search.'}
        </p>
      ) : (
        <ul
          aria-label="Integrations the dashboard knows"
          className="divide-y divide-gray-100 rounded-lg bg-white ring-1 ring-gray-200"
        >
          {list.data.entries.map((entry) => (
            <Entry key={`${entry.kind}:${entry.id}`} entry={entry} />
          ))}
        </ul>
      )}
      {list.data && list.data.removed.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-gray-900">Removed through the dashboard</h3>
          <ul aria-label="Removed through the dashboard" className="mt-2 space-y-1 text-sm text-gray-700">
            {list.data.removed.map((entry) => (
              <li key={`${entry.kind}:${entry.id}`}>
                {KIND[entry.kind]} {entry.label ? `“${entry.label}” ` : ''}
                <code className="break-all">{entry.id}</code>{' '}
                {entry.status === 'removed' ? 'removed' : 'found already gone'} by {entry.removed_by_name} on{' '}
                {formatDateTime(entry.removed_at!)}.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function Entry({ entry }: { entry: Integration }) {
  const [editing, setEditing] = useState(false);
  const status = STATUS[entry.status];
  const returning = useRef(false);
  const close = () => {
    returning.current = true;
    setEditing(false);
  };
  // Once the form is gone, the focus goes back where it came from (the button back in its place), never
  // to the page.
  const editButton = useCallback((button: HTMLButtonElement | null) => {
    if (button === null || !returning.current) return;
    returning.current = false;
    button.focus();
  }, []);
  return (
    <li className="space-y-2 p-4" aria-label={entry.label || entry.id}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-[15px] font-semibold text-gray-900">{entry.label || entry.id}</p>
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="text-sm text-gray-600">{KIND[entry.kind]}</span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm text-gray-700 sm:grid-cols-[max-content_1fr]">
        <dt className="text-gray-500">Id</dt>
        <dd className="break-all">{entry.id}</dd>
        {entry.url ? (
          <>
            <dt className="text-gray-500">URL</dt>
            <dd className="break-all">{entry.url}</dd>
          </>
        ) : null}
        {entry.events.length > 0 ? (
          <>
            <dt className="text-gray-500">Events</dt>
            <dd className="break-words">{entry.events.join(', ')}</dd>
          </>
        ) : null}
        <dt className="text-gray-500">Last looked up</dt>
        <dd>{formatDateTime(entry.last_looked_up_at)}</dd>
        <dt className="text-gray-500">Added by</dt>
        <dd>
          {entry.added_by_name}, {formatDateTime(entry.added_at)}
        </dd>
        {entry.note ? (
          <>
            <dt className="text-gray-500">Note</dt>
            <dd className="break-words whitespace-pre-wrap">{entry.note}</dd>
          </>
        ) : null}
      </dl>
      {editing ? (
        <LabelForm entry={entry} onDone={close} />
      ) : (
        <Button ref={editButton} variant="secondary" size="sm" onPress={() => setEditing(true)}>
          Label and note…
        </Button>
      )}
    </li>
  );
}

function LabelForm({ entry, onDone }: { entry: Integration; onDone: () => void }) {
  const relabel = useRelabelIntegration();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(integrationLabelSchema),
    defaultValues: { label: entry.label, note: entry.note },
  });
  const save = (values: IntegrationLabel) =>
    relabel.mutate(
      { entry, label: { label: values.label.trim(), note: values.note.trim() } },
      { onSuccess: onDone },
    );
  return (
    <form
      aria-label={`Label and note of ${entry.id}`}
      noValidate
      className="space-y-3"
      onSubmit={(event) => void handleSubmit(save)(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <TextField
        {...register('label')}
        label="Label"
        autoFocus
        maxLength={INTEGRATION_LABEL_MAX}
        error={formState.errors.label?.message}
      />
      <TextField
        {...register('note')}
        label="Note"
        maxLength={INTEGRATION_NOTE_MAX}
        error={formState.errors.note?.message}
      />
      {relabel.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {describeApiError(relabel.error).title}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" isPending={relabel.isPending}>
          Save label
        </Button>
        <Button variant="secondary" size="sm" onPress={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
