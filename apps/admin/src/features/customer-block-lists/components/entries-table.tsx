// The lists' entries in the shared table of blocked entries: filtered by kind and by text (value
// or note), pages of 50, each entry's value, kind, note and when it was added, Edit (value and
// note) and Remove on each row, and a bulk Remove behind a confirmation. No hit counts: the
// platform does not tell apps which checkouts the function stopped. The whole list (at most
// 10,000) is loaded at once.
import { useCallback, useState } from 'react';
import { Badge, BlockStack, Button, Select } from '@shopify/polaris';
import {
  customerBlockKindLabels,
  customerBlockKinds,
  type CustomerBlockEntry,
} from '@gatehouse/contracts';
import { BlockedEntriesTable } from '../../../components/entry-list/blocked-entries-table.js';
import { useDeleteCustomerBlockEntries } from '../api/customer-block-lists-api.js';
import { EditEntryModal } from './edit-entry-modal.js';

export function filterEntries(entries: CustomerBlockEntry[], kind: string, text: string) {
  const needle = text.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (kind === 'all' || e.kind === kind) &&
      (needle === '' ||
        e.value.toLowerCase().includes(needle) ||
        e.note.toLowerCase().includes(needle)),
  );
}

export function EntriesTable({
  entries,
  readAt,
  loading,
  onUpgrade,
}: {
  entries: CustomerBlockEntry[];
  readAt: number;
  loading: boolean;
  onUpgrade: () => void;
}) {
  const [kind, setKind] = useState('all');
  const [editing, setEditing] = useState<CustomerBlockEntry | null>(null);
  const deleteEntries = useDeleteCustomerBlockEntries();
  const filter = useCallback(
    (list: CustomerBlockEntry[], text: string) => filterEntries(list, kind, text),
    [kind],
  );

  return (
    <BlockStack gap="200">
      <BlockedEntriesTable
        entries={entries}
        readAt={readAt}
        loading={loading}
        counted={false}
        texts={{
          filterPlaceholder: 'Filter by value or note',
          filterHint: 'Try another kind or text.',
          emptyTitle: 'No buyers blocked yet',
          emptyDescription: 'Add an email, phone, name, address, zip code or country above.',
          valueHeading: 'Value',
          matchesHeading: 'Kind',
          removeBody: (count) =>
            `${count === 1 ? 'This buyer' : 'These buyers'} can check out again once your checkout has the new list (a few seconds).`,
        }}
        label={(entry) => entry.value}
        matches={(entry) => <Badge>{customerBlockKindLabels[entry.kind]}</Badge>}
        filter={filter}
        deleteEntries={deleteEntries}
        controls={
          <Select
            label="Kind"
            options={[
              { label: 'All kinds', value: 'all' },
              ...customerBlockKinds.map((k) => ({ label: customerBlockKindLabels[k], value: k })),
            ]}
            value={kind}
            onChange={setKind}
          />
        }
        scope={kind === 'all' ? '' : kind}
        rowActions={(entry) => (
          <Button
            variant="tertiary"
            accessibilityLabel={`Edit ${entry.value}`}
            onClick={() => setEditing(entry)}
          >
            Edit
          </Button>
        )}
      />
      <EditEntryModal
        key={editing?.id ?? 'none'}
        entry={editing}
        onClose={() => setEditing(null)}
        onUpgrade={onUpgrade}
      />
    </BlockStack>
  );
}
