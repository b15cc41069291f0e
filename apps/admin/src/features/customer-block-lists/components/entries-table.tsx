// The lists' entries: filtered by kind and by text (value or note), pages of 50, each entry's
// kind, value, note and when it was added, Edit (value and note) and Remove on each row, and a
// bulk Remove behind a confirmation. The whole list (at most 10,000) is loaded at once.
import { useMemo, useState } from 'react';
import { Badge, BlockStack, Button, IndexTable, InlineStack, Select, Text } from '@shopify/polaris';
import {
  customerBlockKindLabels,
  customerBlockKinds,
  type CustomerBlockEntry,
} from '@gatehouse/contracts';
import { AddedCell, NoteCell, RemoveCell } from '../../../components/entry-list/entry-cells.js';
import { EntryFilter } from '../../../components/entry-list/entry-filter.js';
import { EntryTable } from '../../../components/entry-list/entry-table.js';
import { useDeleteCustomerBlockEntries } from '../api/customer-block-lists-api.js';
import { EditEntryModal } from './edit-entry-modal.js';

const PAGE_SIZE = 50;

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
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<CustomerBlockEntry | null>(null);
  const deleteEntries = useDeleteCustomerBlockEntries();
  const matching = useMemo(() => filterEntries(entries, kind, text), [entries, kind, text]);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = matching.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const filtering = text.trim() !== '' || kind !== 'all';

  return (
    <BlockStack gap="200">
      <InlineStack gap="300" blockAlign="end" wrap>
        <Select
          label="Kind"
          options={[
            { label: 'All kinds', value: 'all' },
            ...customerBlockKinds.map((k) => ({ label: customerBlockKindLabels[k], value: k })),
          ]}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(0);
          }}
        />
        <div style={{ flex: '1 1 240px' }}>
          <EntryFilter
            label="Filter"
            placeholder="Filter by value or note"
            value={text}
            onChange={(typed) => {
              setText(typed);
              setPage(0);
            }}
          />
        </div>
      </InlineStack>
      <EntryTable
        entries={shown}
        loading={loading}
        empty={
          filtering
            ? { title: 'No entries match your filter', description: 'Try another kind or text.' }
            : {
                title: 'No buyers blocked yet',
                description: 'Add an email, phone, name, address, zip code or country above.',
              }
        }
        headings={[
          { title: 'Kind' },
          { title: 'Value' },
          { title: 'Note' },
          { title: 'Added' },
          { title: 'Edit', hidden: true },
          { title: 'Actions', hidden: true },
        ]}
        {...(pages > 1
          ? {
              pages: {
                hasPrevious: current > 0,
                hasNext: current < pages - 1,
                onPrevious: () => setPage(current - 1),
                onNext: () => setPage(current + 1),
                label: `${current + 1} of ${pages}`,
              },
            }
          : {})}
        removal={{
          verb: 'Remove',
          deleteEntries,
          title: (ids) => {
            const single = ids.length === 1 ? entries.find((e) => e.id === ids[0]) : undefined;
            return single ? `Remove ${single.value}?` : `Remove ${ids.length} entries?`;
          },
          body: (count) =>
            `${count === 1 ? 'This buyer' : 'These buyers'} can check out again once your checkout has the new list (a few seconds).`,
        }}
        row={(entry, index, selected, remove) => (
          <IndexTable.Row id={entry.id} key={entry.id} position={index} selected={selected}>
            <IndexTable.Cell>
              <Badge>{customerBlockKindLabels[entry.kind]}</Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {entry.value}
              </Text>
            </IndexTable.Cell>
            <NoteCell note={entry.note} />
            <AddedCell createdAt={entry.createdAt} readAt={readAt} />
            <IndexTable.Cell>
              <div
                onClick={(event) => event.stopPropagation()}
                onKeyDown={(event) => event.stopPropagation()}
                role="presentation"
              >
                <Button
                  variant="tertiary"
                  accessibilityLabel={`Edit ${entry.value}`}
                  onClick={() => setEditing(entry)}
                >
                  Edit
                </Button>
              </div>
            </IndexTable.Cell>
            <RemoveCell label={`Remove ${entry.value}`} onRemove={remove} />
          </IndexTable.Row>
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
