// The visitor-log filters held in the address bar: read them, replace them, and the instant
// the current filters were set (it anchors "last 3 days" until the filters change).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromParams, filtersToParams, type LogFilters } from './visit-filters.js';

export function useLogFilters() {
  const [params, setParams] = useSearchParams();
  const key = filtersToParams(filtersFromParams(params)).toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(key)), [key]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new anchor only when filters change
  const anchor = useMemo(() => Date.now(), [key]);
  const setFilters = useCallback(
    (next: LogFilters) => setParams(filtersToParams(next), { replace: true }),
    [setParams],
  );
  return { filters, filtersKey: key, anchor, setFilters };
}
