import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast';
import { canManageStore, useCurrentSession } from '@/lib/session-context';
import type { KnowledgeText } from '@/schemas/knowledge-text';
import { isBlankDraft, loadDraft, saveDraft } from '../source-draft';
import { useKindFilter } from '../use-kind-filter';
import { KindFilter } from './kind-filter';
import { KnowledgeSourceList } from './knowledge-source-list';

// The form (its validation and the kind cards) loads when first opened, or when its button is pointed
// at or focused: most visits only read the list.
const loadAddSourceForm = () => import('./add-source-form');
const AddSourceForm = lazy(() => loadAddSourceForm().then((module) => ({ default: module.AddSourceForm })));
const preloadAddSourceForm = () => void loadAddSourceForm();

const ADD_PARAM = 'add';
const FORM_ID = 'add-knowledge-source';

/** Whether the "add a source" form is open, kept in the address (`?add=1`) like any open item. */
function useAddFormOpen(userId: string, enabled: boolean) {
  const [params, setParams] = useSearchParams();
  const isOpen = enabled && params.get(ADD_PARAM) === '1';
  const setOpen = (open: boolean) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (open) updated.set(ADD_PARAM, '1');
        else updated.delete(ADD_PARAM);
        return updated;
      },
      { replace: true },
    );
  // A draft left from earlier in this tab reopens the form, so the owner sees their work again.
  const draftOnEntry = useRef(
    enabled && !isBlankDraft(loadDraft(userId) ?? { kind: null, title: '', text: '' }),
  );
  useEffect(() => {
    if (draftOnEntry.current && !isOpen) setOpen(true);
    draftOnEntry.current = false;
    // Only on entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [isOpen, setOpen] as const;
}

/** The knowledge sources (FAQs and documents) the assistant answers from; owners add new ones here. */
export function KnowledgePage() {
  const { user } = useCurrentSession();
  const canEdit = canManageStore(user.role);
  const [kind, setKind] = useKindFilter();
  const [formOpen, setFormOpen] = useAddFormOpen(user.id, canEdit);
  // Opened by the person (not by a draft on entry): the focus follows into the form, and while its code
  // arrives it waits on the loading line, never on the page's body.
  const openedByUser = useRef(false);
  const focusWhenOpenedByUser = useCallback((element: HTMLElement | null) => {
    if (element && openedByUser.current) element.focus();
  }, []);
  const formHeading = useCallback(
    (heading: HTMLHeadingElement | null) => {
      focusWhenOpenedByUser(heading);
      if (heading) openedByUser.current = false;
    },
    [focusWhenOpenedByUser],
  );
  // Closed from inside: the focus goes back to the button that opens the form as it is rendered again
  // (the address changes in a transition, so a fixed frame later can be too early).
  const closedByUser = useRef(false);
  const addButton = useCallback((button: HTMLButtonElement | null) => {
    if (button === null) return;
    openedByUser.current = false;
    if (closedByUser.current) button.focus();
    closedByUser.current = false;
  }, []);

  const openForm = () => {
    openedByUser.current = true;
    setFormOpen(true);
  };
  // A new copy of the form reads the draft again: the edited copy starts from the kept text.
  const [formKey, setFormKey] = useState(0);
  const editCopy = (text: KnowledgeText) => {
    const draft = loadDraft(user.id);
    if (draft && (!isBlankDraft(draft) || draft.pending)) {
      toast.warning('Finish the source you are adding first', {
        description: 'Add it or clear it, then start the edited copy.',
      });
      openForm();
      return;
    }
    saveDraft(user.id, { kind: text.kind, title: text.title, text: text.text, pending: null });
    setFormKey((key) => key + 1);
    openForm();
  };
  const closeForm = () => {
    // The form goes away with the focus in it: hand the focus back to what opens it.
    closedByUser.current = true;
    setFormOpen(false);
  };

  const addAction = canEdit ? (
    <span className="contents" onPointerEnter={preloadAddSourceForm} onFocus={preloadAddSourceForm}>
      <Button
        ref={addButton}
        variant="primary"
        onPress={openForm}
        aria-controls={FORM_ID}
        aria-expanded={formOpen}
      >
        Add a source
      </Button>
    </span>
  ) : null;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Knowledge"
        badge={canEdit ? null : <Badge>Read-only</Badge>}
        description="FAQs and documents the assistant answers shoppers from. The store’s catalogue, pages and blog posts are not listed here. The store’s API has no way to replace or delete a source: to correct one, read its text and add an edited copy as a new source."
        actions={formOpen ? null : addAction}
      />

      {canEdit ? null : (
        <p className="rounded-lg border border-gray-200 bg-white px-4 py-3 text-[15px] text-gray-700">
          You are signed in as staff, so this list is read-only: only a store owner can add knowledge sources.
        </p>
      )}

      {formOpen ? (
        <section id={FORM_ID}>
          <Suspense
            fallback={
              <p
                ref={focusWhenOpenedByUser}
                tabIndex={-1}
                className="flex items-center gap-2 rounded-lg bg-white p-5 text-[15px] text-gray-600 shadow-sm ring-1 ring-gray-200 outline-none"
              >
                <Spinner />
                Opening the form…
              </p>
            }
          >
            <AddSourceForm key={formKey} onClose={closeForm} headingRef={formHeading} />
          </Suspense>
        </section>
      ) : null}

      <section aria-labelledby="knowledge-sources-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="knowledge-sources-heading" className="text-lg font-semibold text-gray-900">
            Sources
          </h2>
          <KindFilter kind={kind} onChange={setKind} />
        </div>
        <KnowledgeSourceList
          kind={kind}
          onShowAll={() => setKind(undefined)}
          onEditCopy={canEdit ? editCopy : undefined}
          emptyAction={
            canEdit && !formOpen ? (
              <span className="contents" onPointerEnter={preloadAddSourceForm} onFocus={preloadAddSourceForm}>
                <Button onPress={openForm}>Add a source</Button>
              </span>
            ) : undefined
          }
        />
      </section>
    </div>
  );
}
