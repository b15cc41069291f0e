// Arms the shop so the storefront accepts this browser's Admin Access change; the marking is
// recorded as this browser's (its key), so the dashboard can tell that it is marked.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useArmAdminAccess() {
  return useApiMutation('armAdminAccess');
}
