import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';

/**
 * The row above the list: with nothing selected, a select-all box and how many conversations are
 * loaded; with a selection, how many are selected and the bulk actions.
 */
export function ListToolbar({
  loadedCount,
  selectedCount,
  countLabel,
  isLoadingMore,
  onSelectAll,
  onClear,
  onTakeOver,
  onAssign,
  onTag,
  onSnooze,
  onClose,
}: {
  loadedCount: number;
  selectedCount: number;
  /** What the list holds, such as "50+ conversations" or "Loading…". */
  countLabel: string;
  isLoadingMore: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onTakeOver: () => void;
  onAssign: () => void;
  onTag: () => void;
  onSnooze: () => void;
  onClose: () => void;
}) {
  const allSelected = loadedCount > 0 && selectedCount === loadedCount;
  return (
    <div className="flex min-h-11 flex-wrap items-center gap-x-2 gap-y-1 border-b border-gray-200 px-4 py-1.5">
      {selectedCount > 0 ? (
        <>
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={allSelected}
            aria-label={allSelected ? 'Unselect all' : `Select all ${loadedCount} loaded conversations`}
            onChange={allSelected ? onClear : onSelectAll}
          />
          <span className="shrink-0 text-sm font-medium whitespace-nowrap text-gray-800" role="status">
            {selectedCount} selected
          </span>
          <div role="group" aria-label="Bulk actions" className="ml-auto flex flex-wrap justify-end gap-1">
            <Button size="sm" onPress={onTakeOver}>
              Take over
            </Button>
            <Button size="sm" onPress={onAssign}>
              Assign…
            </Button>
            <Button size="sm" onPress={onTag}>
              Tag…
            </Button>
            <Button size="sm" onPress={onSnooze}>
              Snooze…
            </Button>
            <Button size="sm" onPress={onClose}>
              Close
            </Button>
            <Button size="sm" variant="ghost" onPress={onClear}>
              Clear
            </Button>
          </div>
        </>
      ) : (
        <>
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={false}
            disabled={loadedCount === 0}
            aria-label={`Select all ${loadedCount} loaded conversations`}
            onChange={onSelectAll}
          />
          <span className="text-sm text-gray-600" aria-live="polite">
            {countLabel}
          </span>
          {isLoadingMore ? (
            <Spinner label="Loading more conversations" className="ml-auto text-gray-400" />
          ) : null}
        </>
      )}
    </div>
  );
}
