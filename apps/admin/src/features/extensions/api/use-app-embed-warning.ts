// Since when the app embed has been off after being on (the server's embed watch notices it
// from the theme webhooks or its schedule), asked again every half minute so an open dashboard
// or Extensions page shows the warning within a minute of the server noticing.
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';

export const EMBED_WARNING_POLL_MS = 30_000;

/** The warning's call, also started as the app opens on a page that shows the warning. */
export const appEmbedWarningRead = settingsRead('getAppEmbedWarning');

export function useAppEmbedWarningQuery() {
  const query = useApiQuery(
    appEmbedWarningRead.call,
    {},
    { defaultData: { offSince: null }, refetchInterval: EMBED_WARNING_POLL_MS },
  );
  return { offSince: query.data.offSince, isSettled: query.isSettled };
}

export function useAppEmbedWarning() {
  return useAppEmbedWarningQuery().offSince;
}
