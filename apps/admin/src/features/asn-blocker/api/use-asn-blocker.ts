// The ISP/ASN Blocker: its entries and the action and monitor mode of the whole list.
import { useApiQuery } from '../../../lib/api-query.js';
import { EMPTY_ASN_BLOCKER } from '../asn-blocker-form.js';

export function useAsnBlocker() {
  return useApiQuery('getAsnBlocker', {}, { defaultData: EMPTY_ASN_BLOCKER });
}
