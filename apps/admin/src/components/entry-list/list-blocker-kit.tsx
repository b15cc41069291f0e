// The page of a list blocker, from its manifest and its words: on a plan without the blocker
// (or once a call answered 403) what it does and the way to a plan that has it; otherwise its
// add form (the field read before the call, the server's 400 shown on the field), the table
// of entries (every entry the filter finds can be removed at once, the server applies the
// same filter), CSV import and export, and the action and monitor mode of the whole list,
// saved with the contextual save bar.
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import {
  api,
  entryValue,
  type CallName,
  type ListBlockerCsv,
  type ListBlockerManifest,
} from '@gatehouse/contracts';
import { showToast } from '../../lib/toast-store.js';
import { CsvImportModal } from '../csv-import/csv-import-modal.js';
import { useCsvPageActions } from '../csv-import/csv-page-actions.js';
import { BlockedEntriesTable, type BlockedEntriesTexts } from './blocked-entries-table.js';
import { EntryAddForm, type ValueField } from './entry-add-form.js';
import {
  addBody,
  filterListEntries,
  readOneEntry,
  useListBlockerCalls,
  useListBlockerCsvCalls,
} from './list-blocker-calls.js';
import { ListBlockerEditor, PaidListPage } from './list-blocker-page.js';
import { PlanUpgradeCard } from './plan-upgrade-card.js';

/**
 * The pages of a list blocker's page module, by their manifests' names: the router opens the
 * one of the manifest whose page it shows.
 */
export type ListBlockerPages = Readonly<Record<string, ComponentType>>;

/** What one list blocker's page says, and how its add field reads. */
export interface ListBlockerWords<E> {
  /** What the entries are, after "3 of 2,000". */
  unit: string;
  intro: string;
  upgrade: { title: string; intro: string; items: string[] };
  add: { field: ValueField; notePlaceholder: string; submit: string };
  /**
   * The values typed in the add field, or the first problem with them; one value read by the
   * manifest's entry schema when left out.
   */
  read?(text: string): { values: string[] } | { error: string };
  /** The toast after an add: what was blocked. */
  added(added: E[], skipped: string[]): string;
  table: BlockedEntriesTexts;
  /** The badge saying what an entry matches. */
  matches(entry: E): ReactNode;
  /** The action card's question ("When a visitor comes from a blocked site"). */
  ruleTitle: string;
  /** How the CSV file's lines read, in the import dialog (a list with CSV files). */
  importFormat?: string;
}

type Entry = {
  id: string;
  note: string;
  hits: number;
  lastHitAt: string | null;
  createdAt: string;
};

export function ListBlockerKitPage<E extends Entry>({
  manifest,
  words,
}: {
  manifest: ListBlockerManifest;
  words: ListBlockerWords<E>;
}) {
  return (
    <PaidListPage
      title={manifest.title}
      upgradeCard={<PlanUpgradeCard {...words.upgrade} />}
      editor={(onUpgrade) => (
        <ListBlockerKitEditor manifest={manifest} words={words} onUpgrade={onUpgrade} />
      )}
    />
  );
}

export function ListBlockerKitEditor<E extends Entry>({
  manifest: mf,
  words,
  onUpgrade,
}: {
  manifest: ListBlockerManifest;
  words: ListBlockerWords<E>;
  onUpgrade: () => void;
}) {
  const calls = useListBlockerCalls<E>(mf);
  const [importOpen, setImportOpen] = useState(false);
  const csvActions = useCsvPageActions({
    exportPath: mf.csv?.exportPath ?? '',
    exportName: mf.name,
    onImport: () => setImportOpen(true),
    onUpgrade,
  });
  const valueOf = (entry: E) => entryValue(mf, entry);
  const readAdd = (text: string) => (words.read ? words.read(text) : readOneEntry(mf, text));
  const filter = useMemo(() => filterListEntries(mf), [mf]);
  // The firewall's own rules never met the storefront's visits: no change of theirs is weighed.
  const weighed = !mf.firewallOnly;

  const addForm = (
    <EntryAddForm
      {...words.add}
      adding={calls.add.isPending}
      {...(weighed
        ? {
            cost: (value: string) => {
              const read = readAdd(value);
              return 'error' in read
                ? null
                : { call: mf.calls.add as CallName, draft: addBody(mf, read.values, '') };
            },
          }
        : {})}
      onAdd={async (value, note) => {
        const read = readAdd(value);
        if ('error' in read) return read;
        const { outcome, added, skipped } = await calls.add.call(read.values, note);
        if (!outcome.result) {
          if (outcome.status !== 403) return { error: outcome.message };
          onUpgrade();
          return 'kept';
        }
        showToast(words.added(added, skipped));
        return 'added';
      }}
    />
  );

  return (
    <ListBlockerEditor
      title={mf.title}
      unit={words.unit}
      intro={words.intro}
      blocker={calls.blocker}
      save={calls.save}
      saveRequest={api[mf.calls.save as CallName].request}
      {...(weighed ? { saveCall: mf.calls.save as CallName } : {})}
      savedMessage={`${mf.title} saved`}
      addForm={addForm}
      ruleTitle={words.ruleTitle}
      {...(mf.csv ? { secondaryActions: csvActions } : {})}
      table={(entries, readAt, loading) => (
        <BlockedEntriesTable
          entries={entries}
          readAt={readAt}
          loading={loading}
          texts={words.table}
          label={valueOf}
          matches={words.matches}
          filter={filter}
          deleteEntries={calls.deleteEntries}
          deleteMatching={calls.deleteEntries}
        />
      )}
    >
      {mf.csv && (
        <KitCsvImport
          manifest={mf}
          csv={mf.csv}
          format={words.importFormat ?? ''}
          open={importOpen}
          onClose={() => setImportOpen(false)}
          onForbidden={onUpgrade}
        />
      )}
    </ListBlockerEditor>
  );
}

function KitCsvImport({
  manifest,
  csv,
  ...modal
}: {
  manifest: ListBlockerManifest;
  csv: ListBlockerCsv;
  format: string;
  open: boolean;
  onClose: () => void;
  onForbidden: () => void;
}) {
  const calls = useListBlockerCsvCalls(manifest, csv);
  return (
    <CsvImportModal
      title={`Import a CSV file into the ${manifest.title}`}
      calls={calls}
      {...modal}
    />
  );
}
