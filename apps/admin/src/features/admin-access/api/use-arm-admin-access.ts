// Arms the shop so the storefront accepts this device's Admin Access change.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useArmAdminAccess() {
  return useApiMutation('armAdminAccess');
}
