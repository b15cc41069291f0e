// The entries of one IP list: search, keyset pages (Previous/Next over `nextCursor`), row
// selection with a bulk Delete behind a confirmation, and inline editing.
import { useEffect, useState } from 'react';
import {
  EmptySearchResult,
  IndexTable,
  Modal,
  Text,
  useIndexResourceState,
} from '@shopify/polaris';
import type { IpEntry, IpListId } from '@gatehouse/contracts';
import { showToast } from '../../../lib/toast-store.js';
import { useDeleteIpListEntries } from '../api/use-delete-ip-list-entries.js';
import { listTexts } from '../list-config.js';
import { EntryRow } from './entry-row.js';

export interface EntriesTableProps {
  list: IpListId;
  entries: IpEntry[];
  loading: boolean;
  searching: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
  onNext: () => void;
  onPrevious: () => void;
}

export function EntriesTable({
  list,
  entries,
  loading,
  searching,
  hasNext,
  hasPrevious,
  onNext,
  onPrevious,
}: EntriesTableProps) {
  const rows = entries.map((entry) => ({ ...entry }));
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(rows);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const deleteEntries = useDeleteIpListEntries(list);
  const deleting = deleteEntries.isPending;
  const [editingId, setEditingId] = useState<string | null>(null);

  // A new page or search shows other rows: nothing stays selected out of sight.
  const pageKey = entries.map((e) => e.id).join(',');
  useEffect(() => {
    clearSelection();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the rows change
  }, [pageKey]);

  const remove = async () => {
    const outcome = await deleteEntries.call({ ids: selectedResources });
    if (!outcome.result) return;
    setConfirmOpen(false);
    clearSelection();
    const n = outcome.data.deleted;
    showToast(`Deleted ${n} ${n === 1 ? 'entry' : 'entries'}`);
  };

  const count = selectedResources.length;
  return (
    <>
      <IndexTable
        resourceName={{ singular: 'entry', plural: 'entries' }}
        itemCount={entries.length}
        selectedItemsCount={allResourcesSelected ? 'All' : count}
        onSelectionChange={handleSelectionChange}
        promotedBulkActions={[{ content: 'Delete', onAction: () => setConfirmOpen(true) }]}
        loading={loading}
        emptyState={
          <EmptySearchResult
            title={searching ? 'No entries match your search' : listTexts[list].emptyHeading}
            description={
              searching
                ? 'Try another address or note.'
                : 'Add an address above or import a CSV file.'
            }
            withIllustration
          />
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
        pagination={{ hasNext, hasPrevious, onNext, onPrevious }}
      >
        {entries.map((entry, index) => (
          <EntryRow
            // A fresh editor each time editing starts, holding the entry's current values.
            key={editingId === entry.id ? `${entry.id}:edit` : entry.id}
            list={list}
            entry={entry}
            index={index}
            selected={selectedResources.includes(entry.id)}
            editing={editingId === entry.id}
            onEdit={() => setEditingId(entry.id)}
            onDone={() => setEditingId(null)}
          />
        ))}
      </IndexTable>
      <Modal
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={`Delete ${count} ${count === 1 ? 'entry' : 'entries'}?`}
        primaryAction={{
          content: 'Delete',
          destructive: true,
          loading: deleting,
          onAction: () => void remove(),
        }}
        secondaryActions={[{ content: 'Cancel', onAction: () => setConfirmOpen(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            The selected addresses are removed from the {listTexts[list].noun}. This cannot be
            undone.
          </Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
