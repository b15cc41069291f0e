// "Do not show again" on the footer extension banner: recorded on the server for the shop.
import { useApiMutation } from '../../lib/api-mutation.js';

export function useHideExtensionBanner() {
  return useApiMutation('setExtensionEnabled');
}
