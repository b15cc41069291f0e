// Geolocation Redirects: the ordered rules as stored.
import type { GeoRedirectsView } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';

/** Before the first answer; one object, so the page's draft is not reset on every render. */
const NONE: GeoRedirectsView = { rules: [], limit: 100 };

export function useGeoRedirects() {
  return useApiQuery('getGeoRedirects', {}, { defaultData: NONE });
}
