// The ISP/ASN Blocker: its entries and the action and monitor mode of the whole list.
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';
import { EMPTY_ASN_BLOCKER } from '../asn-blocker-form.js';

/** The page's first call, also started as the app opens on the page. */
export const asnBlockerRead = settingsRead('getAsnBlocker');

export function useAsnBlocker() {
  return useApiQuery(asnBlockerRead.call, {}, { defaultData: EMPTY_ASN_BLOCKER });
}
