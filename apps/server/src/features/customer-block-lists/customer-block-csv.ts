// The Customer Block Lists' CSV file: `kind,value[,note]` lines, an optional header row naming
// the kind column (an exported file, with its created_at column, reads back too). The kind is
// its name or the page's label in any case ("emailDomain", "Email domain", "zip code"); each
// value is read as an add reads it, and repeats are found by the form the function compares.
// The file as a whole must keep the lists' size.
import {
  customerBlockKindLabels,
  customerBlockKinds,
  protectionMessages,
  readCustomerBlockValue,
  type CustomerBlockKind,
} from '@gatehouse/contracts';
import type { CsvValue } from '../../core/csv/csv-export.js';
import { planCsvImport, type CsvListFormat } from '../../core/csv/csv-import.js';
import type { Database } from '../../core/db/client.js';
import type { CustomerBlockEntryRow } from './customer-block-lists-schema.js';
import { enforceCap, entryKey, existingKeys, type NewCustomerBlockEntry } from './entries.js';

const squashKind = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
const KIND_NAMES = new Map<string, CustomerBlockKind>(
  customerBlockKinds.flatMap((kind) => [
    [squashKind(kind), kind],
    [squashKind(customerBlockKindLabels[kind]), kind],
  ]),
);
KIND_NAMES.set('zip', 'zip');
KIND_NAMES.set('domain', 'emailDomain');

export const customerBlockCsvFormat: CsvListFormat<NewCustomerBlockEntry> = {
  columns: ['kind', 'value', 'note'],
  headerNames: new Set(['kind', 'type']),
  exportColumns: ['created_at'],
  nothingNew: 'Every entry in the file is already in the lists.',
  readLine([kindText = '', text = '', note = '']) {
    if (note.length > 500) return { error: protectionMessages.noteTooLong };
    const kind = KIND_NAMES.get(squashKind(kindText));
    if (!kind) {
      return {
        error: `"${kindText.slice(0, 40)}" is not a kind: use one of ${customerBlockKinds.join(', ')}.`,
      };
    }
    const read = readCustomerBlockValue(kind, text);
    if ('error' in read) return read;
    return { key: entryKey(kind, read.value), entry: { kind, value: read.value, note } };
  },
};

/** Reads the file against the lists as they are now. */
export async function planCustomerBlockImport(db: Database, shopId: string, csv: string) {
  return planCsvImport(csv, customerBlockCsvFormat, {
    existing: await existingKeys(db, shopId),
    checkAll: (entries) => enforceCap(db, shopId, entries.length),
  });
}

export const customerBlockExportColumns = [
  ...customerBlockCsvFormat.columns,
  ...customerBlockCsvFormat.exportColumns,
];

export const customerBlockExportRow = (row: CustomerBlockEntryRow): CsvValue[] => [
  row.kind,
  row.value,
  row.note,
  row.createdAt.toISOString(),
];
