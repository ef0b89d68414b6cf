import { useCallback, useMemo, useState } from 'react';
import type { Conversation } from '@/schemas/conversation';

/** The conversations selected for bulk actions, kept by id; only rows still in the list count. */
export function useSelection(rows: readonly Conversation[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedRows = useMemo(() => rows.filter((row) => selected.has(row.id)), [rows, selected]);

  const toggleSelected = useCallback((conversationId: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(conversationId)) next.delete(conversationId);
      else next.add(conversationId);
      return next;
    });
  }, []);

  return {
    selected,
    selectedRows,
    toggleSelected,
    selectAll: () => setSelected(new Set(rows.map((row) => row.id))),
    clear: () => setSelected(new Set()),
    /** Unselects the conversations a bulk action succeeded on; the failed ones stay selected to retry. */
    unselect: (succeeded: readonly string[]) =>
      setSelected((current) => new Set([...current].filter((id) => !succeeded.includes(id)))),
  };
}
