// Adds an entry to the legacy list (a 400 is shown on the field, not toasted) and deletes
// entries; both make the list and the migration's preview stale.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useAddLegacyEntry() {
  return useApiMutation('addLegacyBlockList', {
    quietStatuses: [400],
    invalidates: ['listLegacyBlockLists', 'previewLegacyMigration'],
  });
}

export function useDeleteLegacyEntries() {
  return useApiMutation('deleteLegacyBlockList', {
    invalidates: ['listLegacyBlockLists', 'previewLegacyMigration'],
  });
}
