// Where Admin Access stands for the store and for this browser: in force or not, how many
// devices are marked, and whether this browser is one of them (asked with its own key).
import { adminDeviceKey } from '../../../lib/local-flags.js';
import { useApiQuery } from '../../../lib/api-query.js';

export function useAdminAccessStatus() {
  // Read once per page: the key never changes once made.
  const device = adminDeviceKey();
  const query = useApiQuery('getAdminAccess', device === undefined ? {} : { device }, {
    defaultData: undefined,
  });
  return {
    status: query.data,
    /** Undefined when this browser cannot keep a key: it then never counts as marked. */
    device,
    /** An answer or a failure arrived (after a failure, `status` stays undefined). */
    settled: query.isSettled,
    refetch: query.refetch,
  };
}
