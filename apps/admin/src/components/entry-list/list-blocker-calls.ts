// A list blocker's calls, from its manifest: the page's first read (also started as the app
// opens on the page), the save of the action and monitor mode, the add, the delete and the
// CSV import. An add answers 400 (shown on the field) and 403 (the plan no longer includes the
// blocker) to its caller; a commit answers 403 to its caller.
import type { CallName, ListBlockerManifest, RequestOf } from '@gatehouse/contracts';
import type { ApiOutcome } from '../../lib/api-client.js';
import { useApiMutation } from '../../lib/api-mutation.js';
import { useApiQuery } from '../../lib/api-query.js';
import { settingsRead, type SettingsRead } from '../../lib/page-data.js';
import type { CsvImportCalls } from '../csv-import/csv-import-modal.js';
import type { BlockerActionSettings } from '../rule-action-form.js';
import type { DeleteEntries, DeleteMatchingEntries } from './entry-table.js';

/** The list's get call: one that takes no parameters. */
type GetCall = Parameters<typeof settingsRead>[0];
/** A call named by the manifest; its body and answer are the list blocker's. */
const named = (name: string) => name as GetCall;

/** The page's one first call. */
export const listBlockerRead = (mf: ListBlockerManifest): SettingsRead<GetCall> =>
  settingsRead(named(mf.calls.get));

/** The blocker as its get call answers it. */
export interface ListBlockerView<E> extends BlockerActionSettings {
  entries: E[];
  limit: number;
}

/** The entries whose value or note contains the filter text (case-insensitive). */
export const filterListEntries =
  (field: string) =>
  <E extends { note: string }>(entries: E[], filter: string): E[] => {
    const needle = filter.trim().toLowerCase();
    if (needle === '') return entries;
    return entries.filter((e) =>
      [String((e as Record<string, unknown>)[field]), e.note].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    );
  };

export function useListBlockerCalls<E>(mf: ListBlockerManifest) {
  const get = named(mf.calls.get);
  const empty: ListBlockerView<E> = {
    action: { type: 'block' },
    monitor: false,
    entries: [],
    limit: mf.limit,
  };
  const blocker = useApiQuery(get, {} as RequestOf<GetCall>, { defaultData: empty });
  const save = useApiMutation(named(mf.calls.save), { replaces: get });
  const add = useApiMutation(named(mf.calls.add), {
    quietStatuses: [400, 403],
    invalidates: [get],
  });
  const remove = useApiMutation(named(mf.calls.delete), { invalidates: [get] });
  const preview = useApiMutation(named(mf.calls.importPreview));
  const commit = useApiMutation(named(mf.calls.importCommit), {
    quietStatuses: [403],
    invalidates: [get],
  });
  type Call<R> = { call(request: R): Promise<ApiOutcome<CallName>>; isPending: boolean };
  return {
    blocker: { ...blocker, data: blocker.data as ListBlockerView<E> },
    save: save as unknown as Call<BlockerActionSettings>,
    /** Adds the values with a note; on success the entries added and the values skipped. */
    add: {
      isPending: add.isPending,
      call: async (values: string[], note: string) => {
        const outcome = await add.call({ [mf.addField]: values, note } as RequestOf<GetCall>);
        const data = outcome.result
          ? (outcome.data as unknown as { added: E[]; skipped: string[] })
          : null;
        return { outcome, added: data?.added ?? [], skipped: data?.skipped ?? [] };
      },
    },
    deleteEntries: remove as unknown as DeleteEntries & DeleteMatchingEntries,
    importCalls: { preview, commit } as unknown as CsvImportCalls,
  };
}
