// The migration: its preview, the migration waiting for confirm or undo, and the calls that
// move, undo and confirm. Each write makes the list, the preview and the pending migration
// stale, and waits until they are read again so the page shows the new state at once; the
// Customer Block Lists, which moved emails go into, are read again when next shown.
import { useApiMutation } from '../../../lib/api-mutation.js';
import { useApiQuery } from '../../../lib/api-query.js';

const stale = [
  'listLegacyBlockLists',
  'previewLegacyMigration',
  'getLegacyMigration',
  'getCustomerBlockLists',
] as const;

export function useMigrationPreview() {
  return useApiQuery('previewLegacyMigration', {}, { defaultData: null });
}

export function usePendingMigration() {
  return useApiQuery('getLegacyMigration', {}, { defaultData: null });
}

export function useMigrate() {
  return useApiMutation('migrateLegacyBlockLists', { invalidates: stale, awaitRefresh: true });
}

export function useUndoMigration() {
  return useApiMutation('undoLegacyMigration', { invalidates: stale, awaitRefresh: true });
}

export function useConfirmMigration() {
  return useApiMutation('confirmLegacyMigration', { invalidates: stale, awaitRefresh: true });
}
