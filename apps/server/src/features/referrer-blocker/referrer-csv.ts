// The Referrer Blocker's CSV file: `domain[,note]` lines, an optional header row naming the
// domain column (an exported file, with its hit columns, reads back too). Each domain is read as an add reads it (a pasted address keeps its host) and
// repeats are found by that normal form; the file as a whole must keep the blocker's size and
// compile with the shop's other rules. The export writes the same columns and the hits.
import { protectionMessages, readReferrerEntry, type ReferrerEntry } from '@gatehouse/contracts';
import { planCsvImport, type CsvListFormat } from '../../csv/csv-import.js';
import type { CsvValue } from '../../csv/csv-export.js';
import type { Database } from '../../db/client.js';
import type { ReferrerRuleRow } from './referrer-schema.js';
import type { Shop } from '../../db/schema.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { checkReferrerAdd, loadReferrerState } from './referrer-list.js';

type NewReferrerEntry = Pick<ReferrerEntry, 'domain' | 'note'>;

export const referrerCsvFormat: CsvListFormat<NewReferrerEntry> = {
  columns: ['domain', 'note'],
  headerNames: new Set(['domain', 'domains', 'referrer', 'referrer domain', 'site']),
  exportColumns: ['hits', 'last_hit_at', 'created_at'],
  nothingNew: 'Every domain in the file is already in the list.',
  readLine([text = '', note = '']) {
    if (note.length > 500) return { error: protectionMessages.noteTooLong };
    const read = readReferrerEntry(text);
    if ('error' in read) return read;
    return { key: read.domain, entry: { domain: read.domain, note } };
  },
};

/** Reads the file against the blocker as it is now. */
export async function planReferrerImport(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  csv: string,
) {
  const state = await loadReferrerState(db, shop);
  return planCsvImport(csv, referrerCsvFormat, {
    existing: new Set(state.rows.map((row) => row.domain)),
    checkAll: (entries) =>
      checkReferrerAdd(
        blockers,
        db,
        shop,
        state,
        entries.map((e) => e.domain),
      ),
  });
}

export const referrerExportColumns = [
  ...referrerCsvFormat.columns,
  ...referrerCsvFormat.exportColumns,
];

export const referrerExportRow = (row: ReferrerRuleRow): CsvValue[] => [
  row.domain,
  row.note,
  row.hits,
  row.lastHitAt?.toISOString() ?? null,
  row.createdAt.toISOString(),
];
