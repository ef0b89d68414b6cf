import { useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorFromResponse, networkError } from '@/lib/api-error';
import { apiRequest, buildUrl } from '@/lib/api-client';
import { useInterval } from '@/lib/use-interval';
import { useLiveEvents } from '@/lib/use-live-stream';
import { reportAnswerSchema, type ReportQuery } from '@/schemas/reports';

/** The report's exports: the conversations every figure counts, and the per-person figures. */
export type ReportCsv = 'conversations' | 'people';

/** GET /bff/reports (owners): every figure of the period, computed by the BFF from its own copy. */
export const reportQueryOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: ['reports', query],
    queryFn: ({ signal }) =>
      apiRequest('/bff/reports', { query, schema: reportAnswerSchema, signal }).then((answer) => answer.data),
  });

/** While the copy catches up with the store's history, the figures are read again this often. */
const CATCHING_UP_REFRESH_MS = 5_000;
/** Changes seen live refresh the figures at most this often (a burst of changes is one refresh). */
const LIVE_REFRESH_MS = 5_000;

/**
 * The report of the period; the previous period's stays on screen while the next one loads. The screen
 * listens to the live stream: that keeps the store feed (and so the dashboard's copy) running while it is
 * open, and a change seen refreshes the figures soon after.
 */
export function useReport(query: ReportQuery) {
  const queryClient = useQueryClient();
  // A change seen starts the wait; the changes seen during it are refreshed together at its end.
  const [changed, setChanged] = useState(false);
  useLiveEvents((event) => {
    if (event.name === 'conversation' || event.name === 'history') setChanged(true);
  });
  useInterval(
    () => {
      setChanged(false);
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
    changed ? LIVE_REFRESH_MS : null,
  );
  return useQuery({
    ...reportQueryOptions(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.coverage.complete === false ? CATCHING_UP_REFRESH_MS : false,
  });
}

/**
 * GET /bff/reports/{conversations,people}.csv, saved as a file. The API client reads JSON answers only, so this one
 * text answer is fetched here with the same CSRF header; a refusal is the client's ApiError all the same.
 */
export async function downloadReportCsv(csv: ReportCsv, query: ReportQuery): Promise<void> {
  const csvPath = `/bff/reports/${csv}.csv`;
  const path = buildUrl(csvPath, query);
  let response: Response;
  let body: Blob;
  try {
    response = await fetch(path, { headers: { 'X-CSRF': '1' }, credentials: 'same-origin' });
    body = await response.blob();
  } catch (error) {
    throw networkError(error, { method: 'GET', path: csvPath });
  }
  if (!response.ok) throw apiErrorFromResponse(response, await body.text(), { method: 'GET', path: csvPath });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(body);
  link.download = name ?? `${csv}.csv`;
  link.click();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
