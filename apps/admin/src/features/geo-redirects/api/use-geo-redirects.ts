// Geolocation Redirects: the ordered rules as stored.
import type { GeoRedirectsView } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';

/** Before the first answer; one object, so the page's draft is not reset on every render. */
const NONE: GeoRedirectsView = { rules: [], limit: 100 };

/** The page's first call, also started as the app opens on the page. */
export const geoRedirectsRead = settingsRead('getGeoRedirects');

export function useGeoRedirects() {
  return useApiQuery(geoRedirectsRead.call, {}, { defaultData: NONE });
}
