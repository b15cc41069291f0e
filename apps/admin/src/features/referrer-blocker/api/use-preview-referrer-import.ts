// Checks a CSV file against the Referrer Blocker before anything is imported: the domains that
// would be added and the lines that cannot be.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function usePreviewReferrerImport() {
  return useApiMutation('previewReferrerBlockerImport');
}
