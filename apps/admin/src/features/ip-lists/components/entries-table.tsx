// The entries of one IP list: keyset pages (Previous/Next over `nextCursor`), row selection
// with a bulk Delete behind a confirmation (of the rows picked, or of every entry the search
// matches on every page), and inline editing.
import { useState } from 'react';
import type { IpEntry, IpListId } from '@gatehouse/contracts';
import {
  EntryTable,
  entryCount,
  type EntryPages,
} from '../../../components/entry-list/entry-table.js';
import { useDeleteIpListEntries } from '../api/use-delete-ip-list-entries.js';
import { listTexts } from '../list-config.js';
import { EntryRow } from './entry-row.js';

export function EntriesTable({
  list,
  entries,
  loading,
  search,
  matching,
  pages,
}: {
  list: IpListId;
  entries: IpEntry[];
  loading: boolean;
  /** The search the entries were read with; empty for the whole list. */
  search: string;
  /** Entries the search matches on every page. */
  matching: number;
  pages: EntryPages;
}) {
  const searching = search !== '';
  const deleteEntries = useDeleteIpListEntries(list);
  const [editingId, setEditingId] = useState<string | null>(null);

  return (
    <EntryTable
      entries={entries}
      loading={loading}
      empty={
        searching
          ? { title: 'No entries match your search', description: 'Try another address or note.' }
          : {
              title: listTexts[list].emptyHeading,
              description: 'Add an address above or import a CSV file.',
            }
      }
      headings={[
        { title: 'IP' },
        { title: 'Note' },
        { title: 'Hits', alignment: 'end' },
        { title: 'Last hit' },
        { title: 'Expires' },
        { title: 'Created' },
        { title: 'Actions', hidden: true },
      ]}
      pages={pages}
      matching={{ search, count: matching, deleteEntries }}
      removal={{
        verb: 'Delete',
        deleteEntries,
        title: (ids) => `Delete ${entryCount(ids.length)}?`,
        body: (count) =>
          `${count === 1 ? 'The address is' : `${count.toLocaleString('en-US')} addresses are`} removed from the ${listTexts[list].noun}. This cannot be undone.`,
      }}
      row={(entry, index, selected) => (
        <EntryRow
          // A fresh editor each time editing starts, holding the entry's current values.
          key={editingId === entry.id ? `${entry.id}:edit` : entry.id}
          list={list}
          entry={entry}
          index={index}
          selected={selected}
          editing={editingId === entry.id}
          onEdit={() => setEditingId(entry.id)}
          onDone={() => setEditingId(null)}
        />
      )}
    />
  );
}
