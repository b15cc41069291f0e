// The app embed's state in the live theme, read from the platform again every few seconds while
// the page is open, so the page turns to "On" once the merchant saved in the theme editor. It
// shares its cache entry with the shell's bars, which follow along.
import { useApiQuery } from '../../../lib/api-query.js';

export const EMBED_STATUS_POLL_MS = 5000;

export function useEmbedStatus() {
  const query = useApiQuery(
    'getExtensionEnabned',
    {},
    { defaultData: undefined, refetchInterval: EMBED_STATUS_POLL_MS },
  );
  return {
    /** Undefined until the platform answered (or after a failure). */
    isEnabled: query.data?.isEnabled,
    isFetching: query.isFetching,
    isError: query.isError,
    /** The platform answered, or failed, at least once. */
    isSettled: query.isSettled,
    refetch: query.refetch,
  };
}
