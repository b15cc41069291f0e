// What is known about an address: where it is, its network, and what the rules decide. A 400
// (the server's own check of the address) is shown on the field, not as a toast.
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../../../lib/api-query.js';

export function useIpLookup(ip: string, userAgent: string, enabled: boolean) {
  return useQuery({
    ...apiQueryOptions('lookupIp', userAgent ? { ip, ua: userAgent } : { ip }, {
      quietStatuses: [400],
    }),
    enabled,
  });
}
