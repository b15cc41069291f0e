// The entries of a blocker whose whole list is loaded at once (the ISP/ASN and Referrer
// Blockers hold at most 2 000): a filter, pages of 50, each entry's value and what it matches,
// its note, hits (visits it decided), last hit and when it was added, a Remove button on each
// row and a bulk Remove, both behind a confirmation. A list whose delete call takes the filter
// also offers "Select all N matching entries" across its pages.
import { useMemo, useState, type ReactNode } from 'react';
import { IndexTable, Text } from '@shopify/polaris';
import { lastHitText } from '../../lib/relative-time.js';
import { AddedCell, NoteCell, RemoveCell } from './entry-cells.js';
import { EntryFilter } from './entry-filter.js';
import { EntryTable, type DeleteEntries, type DeleteMatchingEntries } from './entry-table.js';

const PAGE_SIZE = 50;

export interface BlockedEntry {
  id: string;
  note: string;
  hits: number;
  lastHitAt: string | null;
  createdAt: string;
}

/** The words of one blocker's table. */
export interface BlockedEntriesTexts {
  filterPlaceholder: string;
  /** Under "No entries match your filter". */
  filterHint: string;
  emptyTitle: string;
  emptyDescription: string;
  /** The first column's heading. */
  valueHeading: string;
  /** The removal confirmation's sentence for `count` entries. */
  removeBody: (count: number) => string;
}

export function BlockedEntriesTable<T extends BlockedEntry>({
  entries,
  readAt,
  loading,
  texts,
  label,
  matches,
  filter,
  deleteEntries,
  deleteMatching,
}: {
  entries: T[];
  /** When the entries were read: the last-hit and added columns count from it. */
  readAt: number;
  loading: boolean;
  texts: BlockedEntriesTexts;
  /** The entry as the merchant reads it ("AS15169", "spam.example"). */
  label: (entry: T) => string;
  /** The badge saying what the entry matches. */
  matches: (entry: T) => ReactNode;
  /** The entries the filter text finds. */
  filter: (entries: T[], text: string) => T[];
  deleteEntries: DeleteEntries;
  /**
   * The same delete call, for a list whose server applies this filter to it (the ISP/ASN and
   * Referrer Blockers): every entry the filter finds can then be removed at once.
   */
  deleteMatching?: DeleteMatchingEntries;
}) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);

  const matching = useMemo(() => filter(entries, text), [filter, entries, text]);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = matching.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const filtering = text.trim() !== '';

  return (
    <>
      <EntryFilter
        label="Filter"
        placeholder={texts.filterPlaceholder}
        value={text}
        onChange={(typed) => {
          setText(typed);
          setPage(0);
        }}
      />
      <EntryTable
        entries={shown}
        loading={loading}
        empty={
          filtering
            ? { title: 'No entries match your filter', description: texts.filterHint }
            : { title: texts.emptyTitle, description: texts.emptyDescription }
        }
        headings={[
          { title: texts.valueHeading },
          { title: 'Matches' },
          { title: 'Note' },
          { title: 'Hits', alignment: 'end' },
          { title: 'Last hit' },
          { title: 'Added' },
          { title: 'Actions', hidden: true },
        ]}
        {...(deleteMatching
          ? {
              matching: {
                search: text.trim(),
                count: matching.length,
                deleteEntries: deleteMatching,
              },
            }
          : {})}
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
            return single ? `Remove ${label(single)}?` : `Remove ${ids.length} entries?`;
          },
          body: texts.removeBody,
        }}
        row={(entry, index, selected, remove) => (
          <IndexTable.Row id={entry.id} key={entry.id} position={index} selected={selected}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {label(entry)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{matches(entry)}</IndexTable.Cell>
            <NoteCell note={entry.note} />
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {entry.hits.toLocaleString('en')}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{lastHitText(entry.lastHitAt, readAt)}</IndexTable.Cell>
            <AddedCell createdAt={entry.createdAt} readAt={readAt} />
            <RemoveCell label={`Remove ${label(entry)}`} onRemove={remove} />
          </IndexTable.Row>
        )}
      />
    </>
  );
}
