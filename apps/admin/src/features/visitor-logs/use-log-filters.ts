// The visitor-log filters held in the address bar: read them, replace them, and the instant
// the current filters were set (it anchors "last 3 days" until the filters change).
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useClock } from '../../lib/use-clock.js';
import { filtersFromParams, filtersToParams, type LogFilters } from './visit-filters.js';

export function useLogFilters() {
  const [params, setParams] = useSearchParams();
  const key = filtersToParams(filtersFromParams(params)).toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(key)), [key]);
  const clock = useClock();
  const [anchored, setAnchored] = useState(() => ({ key, at: clock }));
  // Filters changed in the address bar (back/forward): anchored at the clock's last tick.
  if (anchored.key !== key) setAnchored({ key, at: clock });
  const setFilters = useCallback(
    (next: LogFilters) => {
      const nextParams = filtersToParams(next);
      setAnchored({ key: nextParams.toString(), at: Date.now() });
      setParams(nextParams, { replace: true });
    },
    [setParams],
  );
  return { filters, filtersKey: key, anchor: anchored.at, setFilters };
}
