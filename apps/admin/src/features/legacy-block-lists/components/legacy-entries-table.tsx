// The legacy list's entries, newest first in numbered pages, with their kind, note, hits (the
// storefront visits an address or country blocked; emails are refused at checkout and not
// counted) and a delete behind a confirmation; above them, what the server says of the
// list's addresses as a whole.
import { useState } from 'react';
import { Badge, Box, IndexTable, Text } from '@shopify/polaris';
import {
  AddedCell,
  EntryValue,
  NoteCell,
  RemoveCell,
} from '../../../components/entry-list/entry-cells.js';
import { EntryTable } from '../../../components/entry-list/entry-table.js';
import { ListNotices } from '../../../components/entry-list/list-notices.js';
import { useDeleteLegacyEntries } from '../api/use-legacy-entries.js';
import { useLegacyList } from '../api/use-legacy-list.js';
import { kindLabels } from '../legacy-texts.js';

const PAGE_SIZE = 25;

export function LegacyEntriesTable() {
  const [page, setPage] = useState(1);
  const list = useLegacyList({ page, pageSize: PAGE_SIZE });
  const deleteEntries = useDeleteLegacyEntries();
  const { entries, total, notices } = list.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      {notices.length > 0 && (
        <Box padding="400">
          <ListNotices notices={notices} />
        </Box>
      )}
      <EntryTable
        entries={entries}
        loading={list.isFetching}
        empty={{
          title: 'The legacy list is empty',
          description: 'Entries of earlier versions, and the ones you add above, show here.',
        }}
        headings={[
          { title: 'Entry' },
          { title: 'Kind' },
          { title: 'Note' },
          { title: 'Hits', alignment: 'end' },
          { title: 'Added' },
          { title: 'Actions', hidden: true },
        ]}
        pages={{
          hasPrevious: page > 1,
          hasNext: page < pages,
          onPrevious: () => setPage((p) => Math.max(1, p - 1)),
          onNext: () => setPage((p) => Math.min(pages, p + 1)),
          label: `Page ${Math.min(page, pages)} of ${pages}`,
        }}
        removal={{
          verb: 'Delete',
          deleteEntries,
          title: (ids) => `Delete ${ids.length === 1 ? 'this entry' : `${ids.length} entries`}?`,
          body: () =>
            'The selected entries are no longer blocked by this list, unless another blocker blocks them. This cannot be undone.',
        }}
        row={(entry, index, selected, remove) => (
          <IndexTable.Row id={entry.id} key={entry.id} position={index} selected={selected}>
            <IndexTable.Cell>
              <EntryValue value={entry.value} bold />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Badge>{kindLabels[entry.kind]}</Badge>
            </IndexTable.Cell>
            <NoteCell note={entry.note} />
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {entry.kind === 'email' ? '—' : entry.hits.toLocaleString('en-US')}
              </Text>
            </IndexTable.Cell>
            <AddedCell createdAt={entry.createdAt} readAt={list.readAt} />
            <RemoveCell label={`Remove ${entry.value}`} onRemove={remove} />
          </IndexTable.Row>
        )}
      />
    </>
  );
}
