// The table of a list of entries (the IP lists, the ISP/ASN and Referrer Blockers): rows the
// caller draws, row selection cleared whenever other rows are shown (nothing stays selected out
// of sight), one bulk action that removes the selected entries behind a confirmation (also
// asked for by a row's own button), an empty state, and pages.
import { useEffect, useState, type ReactNode } from 'react';
import {
  EmptySearchResult,
  IndexTable,
  Modal,
  Text,
  useIndexResourceState,
  type IndexTableProps,
} from '@shopify/polaris';
import { showToast } from '../../lib/toast-store.js';

/** A list's delete call: removes the entries by id, answers how many were removed. */
export interface DeleteEntries {
  call(request: {
    ids: string[];
  }): Promise<{ result: true; data: { deleted: number } } | { result: false }>;
  isPending: boolean;
}

export interface EntryRemoval {
  /** The bulk action's and the confirmation's word. */
  verb: 'Remove' | 'Delete';
  deleteEntries: DeleteEntries;
  /** The confirmation's title for these entries. */
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

export const entryCount = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

export function EntryTable<T extends { id: string }>({
  entries,
  loading,
  headings,
  empty,
  pages,
  removal,
  row,
}: {
  /** The rows shown. */
  entries: T[];
  loading: boolean;
  headings: IndexTableProps['headings'];
  empty: { title: string; description: string };
  pages?: EntryPages;
  removal: EntryRemoval;
  /** One row; `remove` asks to remove this entry alone. */
  row: (entry: T, index: number, selected: boolean, remove: () => void) => ReactNode;
}) {
  const [removing, setRemoving] = useState<string[] | null>(null);
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(entries);
  const { verb, deleteEntries } = removal;

  const shownKey = entries.map((e) => e.id).join(',');
  useEffect(() => {
    clearSelection();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the rows change
  }, [shownKey]);

  const remove = async () => {
    if (!removing) return;
    const outcome = await deleteEntries.call({ ids: removing });
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
          { content: verb, onAction: () => setRemoving([...selectedResources]) },
        ]}
        loading={loading}
        emptyState={<EmptySearchResult {...empty} withIllustration />}
        headings={headings}
        {...(pages ? { pagination: pages } : {})}
      >
        {entries.map((entry, index) =>
          row(entry, index, selectedResources.includes(entry.id), () => setRemoving([entry.id])),
        )}
      </IndexTable>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removal.title(removing ?? [])}
        primaryAction={{
          content: verb,
          destructive: true,
          loading: deleteEntries.isPending,
          onAction: () => void remove(),
        }}
        secondaryActions={[{ content: 'Cancel', onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <Text as="p">{removal.body(removing?.length ?? 0)}</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
