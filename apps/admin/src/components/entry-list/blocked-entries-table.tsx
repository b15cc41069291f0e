// The entries of a blocker whose whole list is loaded at once (the ISP/ASN and Referrer
// Blockers hold at most 2 000, the Customer Block Lists 10 000): a filter, pages of 50, each
// entry's value and what it matches, its note, hits (visits it decided, for a list that counts
// them) and last hit, when it was added, the list's own row actions (Edit) and a Remove button
// on each row, and a bulk Remove, both behind a confirmation. A list may add its own filter
// controls (a kind) beside the text filter. A list whose delete call takes the filter also
// offers "Select all N matching entries" across its pages.
import { useMemo, useState, type ReactNode } from 'react';
import { IndexTable, InlineStack, Text } from '@shopify/polaris';
import { lastHitText } from '../../lib/relative-time.js';
import { AddedCell, EntryValue, NoteCell, RemoveCell } from './entry-cells.js';
import { EntryFilter } from './entry-filter.js';
import { EntryTable, type DeleteEntries, type DeleteMatchingEntries } from './entry-table.js';

const PAGE_SIZE = 50;

/** An entry of any list: what every row shows. */
export interface ListedEntry {
  id: string;
  note: string;
  createdAt: string;
}

/** An entry that counts the visits it decided. */
export interface BlockedEntry extends ListedEntry {
  hits: number;
  lastHitAt: string | null;
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
  /** The second column's heading ("Matches" unless said). */
  matchesHeading?: string;
  /** The removal confirmation's sentence for `count` entries. */
  removeBody: (count: number) => string;
}

export function BlockedEntriesTable<T extends ListedEntry & Partial<BlockedEntry>>({
  entries,
  readAt,
  loading,
  texts,
  label,
  matches,
  filter,
  deleteEntries,
  deleteMatching,
  counted = true,
  controls,
  scope = '',
  rowActions,
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
   * The same delete call, for a list whose server applies this filter to it (the list
   * blockers): every entry the filter finds can then be removed at once.
   */
  deleteMatching?: DeleteMatchingEntries;
  /** Whether the list counts its entries' hits (Hits and Last hit columns); true unless said. */
  counted?: boolean;
  /** The list's own filter controls, shown before the text filter. */
  controls?: ReactNode;
  /**
   * What those controls choose now ('' for nothing): a change goes back to the first page, and
   * an empty result then says no entry matches rather than that the list is empty.
   */
  scope?: string;
  /** The list's own action on a row (Edit), shown before Remove. */
  rowActions?: (entry: T) => ReactNode;
}) {
  const [text, setText] = useState('');
  const [paging, setPaging] = useState({ page: 0, scope });
  const page = paging.scope === scope ? paging.page : 0;
  const setPage = (next: number) => setPaging({ page: next, scope });

  const matching = useMemo(() => filter(entries, text), [filter, entries, text]);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = matching.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const filtering = text.trim() !== '' || scope !== '';
  const textFilter = (
    <EntryFilter
      label="Filter"
      placeholder={texts.filterPlaceholder}
      value={text}
      onChange={(typed) => {
        setText(typed);
        setPage(0);
      }}
    />
  );

  return (
    <>
      {controls ? (
        <InlineStack gap="300" blockAlign="end" wrap>
          {controls}
          <div style={{ flex: '1 1 240px' }}>{textFilter}</div>
        </InlineStack>
      ) : (
        textFilter
      )}
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
          { title: texts.matchesHeading ?? 'Matches' },
          { title: 'Note' },
          ...(counted ? [{ title: 'Hits', alignment: 'end' as const }, { title: 'Last hit' }] : []),
          { title: 'Added' },
          ...(rowActions ? [{ title: 'Edit', hidden: true }] : []),
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
              <EntryValue value={label(entry)} bold />
            </IndexTable.Cell>
            <IndexTable.Cell>{matches(entry)}</IndexTable.Cell>
            <NoteCell note={entry.note} />
            {counted && (
              <>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {(entry.hits ?? 0).toLocaleString('en')}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{lastHitText(entry.lastHitAt ?? null, readAt)}</IndexTable.Cell>
              </>
            )}
            <AddedCell createdAt={entry.createdAt} readAt={readAt} />
            {rowActions && (
              <IndexTable.Cell>
                {/* A click on the action is not a click that selects the row. */}
                <div
                  onClick={(event) => event.stopPropagation()}
                  onKeyDown={(event) => event.stopPropagation()}
                  role="presentation"
                >
                  {rowActions(entry)}
                </div>
              </IndexTable.Cell>
            )}
            <RemoveCell label={`Remove ${label(entry)}`} onRemove={remove} />
          </IndexTable.Row>
        )}
      />
    </>
  );
}
