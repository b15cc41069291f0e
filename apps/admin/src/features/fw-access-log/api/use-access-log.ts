// The Realtime Access Log's data: the first page of history under the filters, older pages
// read on demand, and the live tail opened after the newest entry shown (closed while paused,
// opened again on resume from the newest entry, so nothing stored meanwhile is missed).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FwAccessEntry, FwAccessPage } from '@gatehouse/contracts';
import { callApi } from '../../../lib/api-client.js';
import { useApiQuery } from '../../../lib/api-query.js';
import { mergeEntries } from '../access-log-rows.js';
import { followTail, type TailState } from '../live-tail.js';

const EMPTY: FwAccessPage = { entries: [], next: null };

export type LiveState = TailState | 'paused';

export function useAccessLog(query: Record<string, string> | null, paused: boolean) {
  const key = JSON.stringify(query);
  const first = useApiQuery('getFwAccessLog', query ?? {}, {
    defaultData: EMPTY,
    enabled: query !== null,
    quietStatuses: [403],
  });
  const [older, setOlder] = useState<{
    key: string;
    entries: FwAccessEntry[];
    next?: string | null;
  }>({ key, entries: [] });
  const [live, setLive] = useState<{ key: string; entries: FwAccessEntry[] }>({ key, entries: [] });
  const [tail, setTail] = useState<TailState>('connecting');
  const [loadingOlder, setLoadingOlder] = useState(false);

  const olderEntries = older.key === key ? older.entries : [];
  const liveEntries = live.key === key ? live.entries : [];
  const rows = mergeEntries(liveEntries, first.data.entries, olderEntries);
  const next = older.key === key && older.next !== undefined ? older.next : first.data.next;

  // The tail starts after the newest entry shown, read when it (re)opens.
  const newest = useRef<string | null>(null);
  const newestId = rows[0]?.id ?? null;
  useEffect(() => {
    newest.current = newestId;
  }, [newestId]);
  const ready = query !== null && first.isSettled && !first.isError;

  useEffect(() => {
    if (!ready || paused || query === null) return;
    const abort = new AbortController();
    void followTail({
      query,
      after: newest.current,
      signal: abort.signal,
      onState: setTail,
      onEntries: (entries) =>
        setLive((current) => ({
          key,
          entries: mergeEntries(entries, current.key === key ? current.entries : []),
        })),
    });
    return () => abort.abort();
    // The query is `key`; the newest entry is read when the tail opens, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ready, paused]);

  const loadOlder = useCallback(async () => {
    if (!next || query === null) return;
    setLoadingOlder(true);
    const outcome = await callApi('getFwAccessLog', { ...query, before: next });
    setLoadingOlder(false);
    if (!outcome.result) return;
    setOlder((current) => ({
      key,
      entries: [...(current.key === key ? current.entries : []), ...outcome.data.entries],
      next: outcome.data.next,
    }));
  }, [key, next, query]);

  const state: LiveState = paused ? 'paused' : tail;
  return {
    rows,
    state,
    loading: first.isLoading,
    settled: first.isSettled,
    hasOlder: next !== null,
    loadingOlder,
    loadOlder,
  };
}
