// The blocked referrer domains: a filter, pages of 50 (the whole list is loaded: it holds at
// most 2 000), each entry's hits (visits it decided) and last hit, a Remove button on each
// row and a bulk Remove behind a confirmation.
import { useEffect, useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  EmptySearchResult,
  IndexTable,
  Modal,
  Text,
  TextField,
  Tooltip,
  useIndexResourceState,
} from '@shopify/polaris';
import type { ReferrerEntry } from '@gatehouse/contracts';
import { relativeTime } from '../../../lib/relative-time.js';
import { showToast } from '../../../lib/toast-store.js';
import { lastHitText } from '../../../lib/relative-time.js';
import { useDeleteReferrerEntries } from '../api/use-delete-referrer-entries.js';
import { filterEntries } from '../referrer-blocker-form.js';

const PAGE_SIZE = 50;

export function ReferrerEntriesTable({
  entries,
  readAt,
  loading,
}: {
  entries: ReferrerEntry[];
  /** When the entries were read: the last-hit column counts from it. */
  readAt: number;
  loading: boolean;
}) {
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [removing, setRemoving] = useState<string[] | null>(null);
  const deleteEntries = useDeleteReferrerEntries();
  const busy = deleteEntries.isPending;

  const matching = useMemo(() => filterEntries(entries, filter), [entries, filter]);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = matching.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(shown);

  // Other rows on screen: nothing stays selected out of sight.
  const shownKey = shown.map((e) => e.id).join(',');
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
    const n = outcome.data.deleted;
    showToast(`Removed ${n} ${n === 1 ? 'entry' : 'entries'}`);
  };

  const count = removing?.length ?? 0;
  const single = count === 1 ? entries.find((e) => e.id === removing?.[0]) : undefined;
  return (
    <>
      <Box padding="300">
        <TextField
          label="Filter"
          labelHidden
          placeholder="Filter by domain or note"
          value={filter}
          onChange={(text) => {
            setFilter(text);
            setPage(0);
          }}
          clearButton
          onClearButtonClick={() => setFilter('')}
          autoComplete="off"
          maxLength={100}
        />
      </Box>
      <IndexTable
        resourceName={{ singular: 'entry', plural: 'entries' }}
        itemCount={shown.length}
        selectedItemsCount={allResourcesSelected ? 'All' : selectedResources.length}
        onSelectionChange={handleSelectionChange}
        promotedBulkActions={[
          { content: 'Remove', onAction: () => setRemoving([...selectedResources]) },
        ]}
        loading={loading}
        emptyState={
          <EmptySearchResult
            title={
              filter.trim() ? 'No entries match your filter' : 'No referrer domains blocked yet'
            }
            description={
              filter.trim()
                ? 'Try another domain or note.'
                : 'Add the domain of a site whose visitors you do not want above.'
            }
            withIllustration
          />
        }
        headings={[
          { title: 'Domain' },
          { title: 'Matches' },
          { title: 'Note' },
          { title: 'Hits', alignment: 'end' },
          { title: 'Last hit' },
          { title: 'Added' },
          { title: 'Actions', hidden: true },
        ]}
        {...(pages > 1
          ? {
              pagination: {
                hasPrevious: current > 0,
                hasNext: current < pages - 1,
                onPrevious: () => setPage(current - 1),
                onNext: () => setPage(current + 1),
                label: `${current + 1} of ${pages}`,
              },
            }
          : {})}
      >
        {shown.map((entry, index) => (
          <IndexTable.Row
            id={entry.id}
            key={entry.id}
            position={index}
            selected={selectedResources.includes(entry.id)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {entry.domain}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {entry.domain.startsWith('*.') ? (
                <Badge tone="info">Subdomains</Badge>
              ) : (
                <Badge>This site only</Badge>
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" tone={entry.note ? undefined : 'subdued'}>
                {entry.note || '—'}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {entry.hits.toLocaleString('en')}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{lastHitText(entry.lastHitAt, readAt)}</IndexTable.Cell>
            <IndexTable.Cell>
              <Tooltip content={new Date(entry.createdAt).toLocaleString('en-US')}>
                <Text as="span">{relativeTime(entry.createdAt, readAt)}</Text>
              </Tooltip>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {/* The button removes the entry; it does not toggle the row's selection. */}
              <div
                onClick={(event) => event.stopPropagation()}
                onKeyDown={(event) => event.stopPropagation()}
                role="presentation"
              >
                <Button
                  variant="tertiary"
                  tone="critical"
                  accessibilityLabel={`Remove ${entry.domain}`}
                  onClick={() => setRemoving([entry.id])}
                >
                  Remove
                </Button>
              </div>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={single ? `Remove ${single.domain}?` : `Remove ${count} entries?`}
        primaryAction={{
          content: 'Remove',
          destructive: true,
          loading: busy,
          onAction: () => void remove(),
        }}
        secondaryActions={[{ content: 'Cancel', onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <Text as="p">
            Visitors sent by {count === 1 ? 'this site' : 'these sites'} can reach your store again
            at once, unless another rule blocks them.
          </Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
