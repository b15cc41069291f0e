// The table of a list of entries (the IP lists, the list blockers): rows the
// caller draws, row selection cleared whenever other rows are shown (nothing stays selected out
// of sight), one bulk action that removes the selected entries behind a confirmation (also
// asked for by a row's own button), an empty state, and pages. A list whose delete call takes
// a search offers, once every row on screen is selected, "Select all N matching entries": the
// confirmation then names N and the call deletes every entry the search matches.
import { useEffect, useState, type ReactNode } from 'react';
import type { EntryDeleteRequest } from '@gatehouse/contracts';
import {
  EmptySearchResult,
  IndexTable,
  Modal,
  Text,
  useIndexResourceState,
  type IndexTableProps,
} from '@shopify/polaris';
import { showToast } from '../../lib/toast-store.js';

type DeleteOutcome = Promise<{ result: true; data: { deleted: number } } | { result: false }>;

/** A list's delete call: removes the entries by id, answers how many were removed. */
export interface DeleteEntries {
  call(request: { ids: string[] }): DeleteOutcome;
  isPending: boolean;
}

/** A delete call that also takes the list's search (entryDeleteRequest). */
export interface DeleteMatchingEntries {
  call(request: EntryDeleteRequest): DeleteOutcome;
  isPending: boolean;
}

/** Every entry the list's search finds, on every page. */
export interface MatchingEntries {
  /** The search as the list applied it; empty for the whole list. */
  search: string;
  count: number;
  deleteEntries: DeleteMatchingEntries;
}

export interface EntryRemoval {
  /** The bulk action's and the confirmation's word. */
  verb: 'Remove' | 'Delete';
  deleteEntries: DeleteEntries;
  /** The confirmation's title for these picked entries. */
  title(ids: string[]): string;
  /** What removing `count` entries does. */
  body(count: number): string;
}

export interface EntryPages {
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  label?: string;
}

const DONE = { Remove: 'Removed', Delete: 'Deleted' } as const;

export const entryCount = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'entry' : 'entries'}`;

/** What the confirmation would remove: picked entries, or every entry the search matches. */
type Removing = { ids: string[] } | { matching: { search: string; count: number } };

export function EntryTable<T extends { id: string }>({
  entries,
  loading,
  headings,
  empty,
  pages,
  removal,
  matching,
  row,
}: {
  /** The rows shown. */
  entries: T[];
  loading: boolean;
  headings: IndexTableProps['headings'];
  empty: { title: string; description: string };
  pages?: EntryPages;
  removal: EntryRemoval;
  /** For a list whose delete call takes its search: every entry the search finds. */
  matching?: MatchingEntries;
  /** One row; `remove` asks to remove this entry alone. */
  row: (entry: T, index: number, selected: boolean, remove: () => void) => ReactNode;
}) {
  const [removing, setRemoving] = useState<Removing | null>(null);
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(entries);
  const { verb } = removal;
  const more = matching !== undefined && matching.count > entries.length;
  const allMatching = more && allResourcesSelected;
  const deleteCall = matching?.deleteEntries ?? removal.deleteEntries;
  const matchingWords = matching?.search
    ? `${entryCount(matching.count)} matching “${matching.search}”`
    : entryCount(matching?.count ?? 0);

  const shownKey = entries.map((e) => e.id).join(',');
  useEffect(() => {
    clearSelection();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the rows change
  }, [shownKey]);

  const remove = async () => {
    if (!removing) return;
    const outcome = await ('ids' in removing
      ? deleteCall.call({ ids: removing.ids })
      : matching?.deleteEntries.call(removing));
    if (!outcome) return;
    if (!outcome.result) return;
    setRemoving(null);
    clearSelection();
    showToast(`${DONE[verb]} ${entryCount(outcome.data.deleted)}`);
  };

  return (
    <>
      <IndexTable
        resourceName={{ singular: 'entry', plural: 'entries' }}
        itemCount={entries.length}
        selectedItemsCount={allResourcesSelected ? 'All' : selectedResources.length}
        onSelectionChange={handleSelectionChange}
        promotedBulkActions={[
          {
            content: verb,
            onAction: () =>
              setRemoving(
                allMatching
                  ? { matching: { search: matching.search, count: matching.count } }
                  : { ids: [...selectedResources] },
              ),
          },
        ]}
        hasMoreItems={more}
        {...(more
          ? {
              paginatedSelectAllActionText: `Select all ${matchingWords}`,
              paginatedSelectAllText: `All ${matchingWords} are selected.`,
            }
          : {})}
        loading={loading}
        emptyState={<EmptySearchResult {...empty} withIllustration />}
        headings={headings}
        {...(pages ? { pagination: pages } : {})}
      >
        {entries.map((entry, index) =>
          row(entry, index, selectedResources.includes(entry.id), () =>
            setRemoving({ ids: [entry.id] }),
          ),
        )}
      </IndexTable>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={
          removing && 'matching' in removing
            ? `${verb} ${entryCount(removing.matching.count)}?`
            : removal.title(removing?.ids ?? [])
        }
        primaryAction={{
          content: verb,
          destructive: true,
          loading: deleteCall.isPending,
          onAction: () => void remove(),
        }}
        secondaryActions={[{ content: 'Cancel', onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <Text as="p">
            {removing && 'matching' in removing
              ? removal.body(removing.matching.count)
              : removal.body(removing?.ids.length ?? 0)}
          </Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
