import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/error-state';
import { InlineNotice } from '@/components/inline-notice';
import { Skeleton } from '@/components/skeleton';
import { flattenPages } from '@/lib/pagination';
import type { ConfigVersion } from '@/schemas/config-versions';
import { configVersionsQueryOptions } from '../api/get-config-versions';
import type { EditableConfig } from '../merge-config';
import { settingsOf, VersionDiff, VersionRow, VersionSelect } from './version-history-parts';

export type VersionHistoryProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The stored version's `updated_at`, marked as current. */
  currentVersion: string | null;
  /** Owners restore; everyone else reads and compares. */
  canRestore: boolean;
  hasUnsavedChanges: boolean;
  /** The version's settings (as the form holds them) go into the editor. */
  onRestore: (settings: EditableConfig, version: ConfigVersion) => void;
};

/**
 * The versions of the assistant's settings, newest first (who saved each, or "outside the dashboard"),
 * any two compared field by field, and "Restore this version", which hands the version to the editor as
 * unsaved changes: nothing is saved from here.
 */
export function VersionHistoryDialog(props: VersionHistoryProps) {
  return (
    <ModalOverlay
      isOpen={props.isOpen}
      onOpenChange={(isOpen) => {
        if (!isOpen) props.onClose();
      }}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-gray-900/40 p-2 backdrop-blur-[2px] sm:items-center sm:p-4"
    >
      <Modal className="flex max-h-[calc(100dvh-1rem)] w-full max-w-5xl flex-col rounded-xl bg-white shadow-xl ring-1 ring-gray-900/5 sm:max-h-[calc(100dvh-2rem)]">
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <VersionHistoryBody {...props} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function VersionHistoryBody({
  onClose,
  currentVersion,
  canRestore,
  hasUnsavedChanges,
  onRestore,
}: VersionHistoryProps) {
  const query = useInfiniteQuery(configVersionsQueryOptions());
  const versions = flattenPages(query.data);
  const [pair, setPair] = useState<{ from: string; to: string } | null>(null);
  const compareHeading = useRef<HTMLHeadingElement>(null);
  const to = versions.find((version) => version.id === pair?.to) ?? versions[0];
  const from = versions.find((version) => version.id === pair?.from) ?? versions[1] ?? to;

  const compareWithPrevious = (index: number) => {
    const version = versions[index];
    const previous = versions[index + 1];
    if (!version || !previous) return;
    setPair({ from: previous.id, to: version.id });
    compareHeading.current?.focus();
  };

  return (
    <>
      <div className="border-b border-gray-200 px-5 pt-5 pb-4 sm:px-7">
        <Heading slot="title" className="text-lg font-semibold text-gray-900">
          Version history
        </Heading>
        <p className="mt-1.5 text-[15px] text-gray-600">
          Every saved version of the assistant’s settings, newest first. Restoring one puts it in the form;
          nothing changes for shoppers until you save.
        </p>
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4 sm:px-7">
        {canRestore && hasUnsavedChanges ? (
          <InlineNotice tone="warning" title="You have unsaved changes">
            Restoring a version replaces them in the form.
          </InlineNotice>
        ) : null}
        {!canRestore ? (
          <InlineNotice tone="neutral" title="You can compare versions, not restore them">
            Only a store owner can restore a version.
          </InlineNotice>
        ) : null}
        {query.isPending ? (
          <div role="status" aria-label="Loading the versions" className="space-y-3">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-24 w-full" />
            ))}
          </div>
        ) : query.isError && versions.length === 0 ? (
          <ErrorState
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : versions.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 px-4 py-8 text-center text-[15px] text-gray-600">
            No versions yet. The dashboard keeps one each time the settings are saved, here or elsewhere.
          </p>
        ) : (
          <div className="grid gap-6 xl:grid-cols-[22rem_minmax(0,1fr)]">
            <section aria-label="Versions" className="space-y-3">
              <ol className="space-y-2">
                {versions.map((version, index) => (
                  <VersionRow
                    key={version.id}
                    version={version}
                    position={index + 1}
                    isCurrent={version.version === currentVersion}
                    isCompared={version.id === to?.id || version.id === from?.id}
                    canRestore={canRestore}
                    onRestore={() => onRestore(settingsOf(version), version)}
                    onCompare={versions[index + 1] ? () => compareWithPrevious(index) : undefined}
                  />
                ))}
              </ol>
              {query.hasNextPage ? (
                <Button
                  size="sm"
                  onPress={() => void query.fetchNextPage()}
                  isPending={query.isFetchingNextPage}
                >
                  Load older versions
                </Button>
              ) : null}
              {query.isFetchNextPageError ? (
                <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />
              ) : null}
            </section>
            <section aria-labelledby="version-compare-heading" className="min-w-0 space-y-3">
              <h3
                id="version-compare-heading"
                ref={compareHeading}
                tabIndex={-1}
                className="text-base font-semibold text-gray-900 outline-none"
              >
                Compare two versions
              </h3>
              {from && to && versions.length > 1 ? (
                <>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <VersionSelect
                      label="From"
                      versions={versions}
                      value={from.id}
                      onChange={(id) => setPair({ from: id, to: to.id })}
                    />
                    <VersionSelect
                      label="To"
                      versions={versions}
                      value={to.id}
                      onChange={(id) => setPair({ from: from.id, to: id })}
                    />
                  </div>
                  <VersionDiff from={from} to={to} />
                </>
              ) : (
                <p className="text-[15px] text-gray-600">
                  Only one version so far: there is nothing to compare it with yet.
                </p>
              )}
            </section>
          </div>
        )}
      </div>
      <div className="flex justify-end border-t border-gray-200 px-5 py-4 sm:px-7">
        <Button onPress={onClose}>Close</Button>
      </div>
    </>
  );
}
