// Whether the store carries the app's script tag: what it gets while the app embed is off.
// Asked only while the embed is off (or its state is unknown).
import { useApiQuery } from '../../../lib/api-query.js';

export function useStorefrontFallback(enabled: boolean) {
  const query = useApiQuery(
    'getStorefrontFallback',
    {},
    { defaultData: undefined, enabled, staleTime: 60_000 },
  );
  return query.data;
}
