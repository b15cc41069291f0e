// The Realtime Access Log's data: the first page of history under the filters, older pages
// read on demand, and the live tail opened from the first page's tail position (closed while
// paused, opened again on resume after the last entry it sent, or from the page when it sent
// none, so nothing stored meanwhile is missed).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FirewallAccessEntry, FirewallAccessPage } from '@gatehouse/contracts';
import { callApi } from '../../../lib/api-client.js';
import { useApiQuery } from '../../../lib/api-query.js';
import { mergeEntries } from '../access-log-rows.js';
import { followTail, type TailState } from '../live-tail.js';

const EMPTY: FirewallAccessPage = { entries: [], next: null, tail: '' };

export type LiveState = TailState | 'paused';

export function useAccessLog(query: Record<string, string> | null, paused: boolean) {
  const key = JSON.stringify(query);
  const first = useApiQuery('getFirewallAccessLog', query ?? {}, {
    defaultData: EMPTY,
    enabled: query !== null,
    quietStatuses: [403],
  });
  const [older, setOlder] = useState<{
    key: string;
    entries: FirewallAccessEntry[];
    next?: string | null;
  }>({ key, entries: [] });
  const [live, setLive] = useState<{ key: string; entries: FirewallAccessEntry[] }>({
    key,
    entries: [],
  });
  const [tail, setTail] = useState<TailState>('connecting');
  const [loadingOlder, setLoadingOlder] = useState(false);

  const olderEntries = older.key === key ? older.entries : [];
  const liveEntries = live.key === key ? live.entries : [];
  const rows = mergeEntries(liveEntries, first.data.entries, olderEntries);
  const next = older.key === key && older.next !== undefined ? older.next : first.data.next;

  // The last entry the tail sent under these filters: a tail opened again goes on after it.
  const lastSent = useRef<{ key: string; id: string } | null>(null);
  const fromPage = first.data.tail;
  const ready = query !== null && first.isSettled && !first.isError;

  useEffect(() => {
    if (!ready || paused || query === null) return;
    const abort = new AbortController();
    const sent = lastSent.current?.key === key ? lastSent.current.id : null;
    void followTail({
      query,
      start: sent !== null ? { after: sent } : { from: fromPage },
      signal: abort.signal,
      onState: setTail,
      onEntries: (entries) => {
        lastSent.current = { key, id: entries[entries.length - 1]!.id };
        setLive((current) => ({
          key,
          entries: mergeEntries(entries, current.key === key ? current.entries : []),
        }));
      },
    });
    return () => abort.abort();
    // The query is `key`; where the tail starts is read when it opens, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ready, paused]);

  const loadOlder = useCallback(async () => {
    if (!next || query === null) return;
    setLoadingOlder(true);
    const outcome = await callApi('getFirewallAccessLog', { ...query, before: next });
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
