// A list blocker's calls, from its manifest: the page's first read (also started as the app
// opens on the page), the save of the action and monitor mode, the add (a list of values, or
// one), the delete and the CSV import. An add answers 400 (shown on the field) and 403 (the plan no longer includes the
// blocker) to its caller; a commit answers 403 to its caller.
import {
  entryValue,
  type CallName,
  type ListBlockerCsv,
  type ListBlockerManifest,
  type RequestOf,
} from '@gatehouse/contracts';
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

/**
 * The entries whose value or note contains the filter text (case-insensitive), as a delete of
 * every entry it finds finds them.
 */
export const filterListEntries =
  (mf: ListBlockerManifest) =>
  <E extends { note: string }>(entries: E[], filter: string): E[] => {
    const text = filter.trim();
    const needle = (mf.filterText?.(text) ?? text).toLowerCase();
    if (needle === '') return entries;
    return entries.filter((e) =>
      [entryValue(mf, e), e.note].some((text) => text.toLowerCase().includes(needle)),
    );
  };

/** One value typed in the add field, read by the manifest's entry schema, or its message. */
export function readOneEntry(
  mf: ListBlockerManifest,
  text: string,
): { values: string[] } | { error: string } {
  const read = mf.entry.safeParse(text);
  return read.success
    ? { values: [read.data] }
    : { error: read.error.issues[0]?.message ?? 'The value is not valid.' };
}

/** The add call's body: the values (or the one value) and the note. */
export const addBody = (mf: ListBlockerManifest, values: string[], note: string) => ({
  [mf.addField]: mf.addOne ? values[0] : values,
  note,
});

/** The list's CSV import calls: a commit answers 403 to its caller. */
export function useListBlockerCsvCalls(mf: ListBlockerManifest, csv: ListBlockerCsv) {
  const preview = useApiMutation(named(csv.importPreview));
  const commit = useApiMutation(named(csv.importCommit), {
    quietStatuses: [403],
    invalidates: [named(mf.calls.get)],
  });
  return { preview, commit } as unknown as CsvImportCalls;
}

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
  type Call<R> = { call(request: R): Promise<ApiOutcome<CallName>>; isPending: boolean };
  return {
    blocker: { ...blocker, data: blocker.data as ListBlockerView<E> },
    save: save as unknown as Call<BlockerActionSettings>,
    /** Adds the values with a note; on success the entries added and the values skipped. */
    add: {
      isPending: add.isPending,
      call: async (values: string[], note: string) => {
        const outcome = await add.call(addBody(mf, values, note) as RequestOf<GetCall>);
        if (!outcome.result) return { outcome, added: [], skipped: [] };
        const data = outcome.data as unknown;
        if (mf.addAnswersList) {
          const { entries } = data as ListBlockerView<E & object>;
          const added = entries.filter((e) => values.includes(entryValue(mf, e)));
          return { outcome, added: added as E[], skipped: [] };
        }
        if (mf.addOne) return { outcome, added: [data as E], skipped: [] };
        const many = data as { added: E[]; skipped: string[] };
        return { outcome, added: many.added, skipped: many.skipped };
      },
    },
    deleteEntries: remove as unknown as DeleteEntries & DeleteMatchingEntries,
  };
}
