// Since when the app embed has been off after being on (the server's embed watch notices it
// from the theme webhooks or its schedule), asked again every half minute so an open dashboard
// or Extensions page shows the warning within a minute of the server noticing.
import { useApiQuery } from '../../../lib/api-query.js';

export const EMBED_WARNING_POLL_MS = 30_000;

export function useAppEmbedWarning() {
  const query = useApiQuery(
    'getAppEmbedWarning',
    {},
    { defaultData: { offSince: null }, refetchInterval: EMBED_WARNING_POLL_MS },
  );
  return query.data.offSince;
}
