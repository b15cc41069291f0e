// The custom user-agent patterns (at most 200, all loaded): a filter, each pattern's kind, its
// mode (changed at once from the row), note, hits (visits it decided) and last hit, a Remove
// button on each row and a bulk Remove behind a confirmation.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  EmptySearchResult,
  IndexTable,
  Modal,
  Select,
  Text,
  TextField,
  Tooltip,
  useIndexResourceState,
} from '@shopify/polaris';
import type { BotPatternEntry } from '@gatehouse/contracts';
import { lastHitText, relativeTime } from '../../../lib/relative-time.js';
import { showToast } from '../../../lib/toast-store.js';
import { useDeleteBotPatterns } from '../api/use-delete-bot-patterns.js';
import { useUpdateBotPattern } from '../api/use-update-bot-pattern.js';
import { filterPatterns } from '../bot-blocker-form.js';

/** Keeps a click inside a row's control from toggling the row's selection. */
function RowControl({ children }: { children: ReactNode }) {
  return (
    <div
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      role="presentation"
    >
      {children}
    </div>
  );
}

const shown = (p: BotPatternEntry) => (p.regex ? `/${p.pattern}/` : p.pattern);

export function BotPatternsTable({
  patterns,
  readAt,
  loading,
}: {
  patterns: BotPatternEntry[];
  /** When the patterns were read: the last-hit column counts from it. */
  readAt: number;
  loading: boolean;
}) {
  const [filter, setFilter] = useState('');
  const [removing, setRemoving] = useState<string[] | null>(null);
  const deletePatterns = useDeleteBotPatterns();
  const updatePattern = useUpdateBotPattern();

  const rows = useMemo(() => filterPatterns(patterns, filter), [patterns, filter]);
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(rows);
  const rowsKey = rows.map((p) => p.id).join(',');
  useEffect(() => {
    clearSelection();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the rows change
  }, [rowsKey]);

  const remove = async () => {
    if (!removing) return;
    const outcome = await deletePatterns.call({ ids: removing });
    if (!outcome.result) return;
    setRemoving(null);
    clearSelection();
    const n = outcome.data.deleted;
    showToast(`Removed ${n} ${n === 1 ? 'pattern' : 'patterns'}`);
  };

  const setMode = async (pattern: BotPatternEntry, mode: 'block' | 'monitor') => {
    const outcome = await updatePattern.call({ id: pattern.id, mode });
    if (outcome.result) {
      showToast(`${mode === 'block' ? 'Blocking' : 'Monitoring'} ${shown(pattern)}`);
    }
  };

  const count = removing?.length ?? 0;
  const single = count === 1 ? patterns.find((p) => p.id === removing?.[0]) : undefined;
  return (
    <>
      <Box padding="300">
        <TextField
          label="Filter"
          labelHidden
          placeholder="Filter by pattern or note"
          value={filter}
          onChange={setFilter}
          clearButton
          onClearButtonClick={() => setFilter('')}
          autoComplete="off"
          maxLength={100}
        />
      </Box>
      <IndexTable
        resourceName={{ singular: 'pattern', plural: 'patterns' }}
        itemCount={rows.length}
        selectedItemsCount={allResourcesSelected ? 'All' : selectedResources.length}
        onSelectionChange={handleSelectionChange}
        promotedBulkActions={[
          { content: 'Remove', onAction: () => setRemoving([...selectedResources]) },
        ]}
        loading={loading}
        emptyState={
          <EmptySearchResult
            title={filter.trim() ? 'No patterns match your filter' : 'No custom patterns yet'}
            description={
              filter.trim()
                ? 'Try another pattern or note.'
                : 'Add the name a bot sends that no category above covers.'
            }
            withIllustration
          />
        }
        headings={[
          { title: 'Pattern' },
          { title: 'Kind' },
          { title: 'Mode' },
          { title: 'Note' },
          { title: 'Hits', alignment: 'end' },
          { title: 'Last hit' },
          { title: 'Added' },
          { title: 'Actions', hidden: true },
        ]}
      >
        {rows.map((pattern, index) => (
          <IndexTable.Row
            id={pattern.id}
            key={pattern.id}
            position={index}
            selected={selectedResources.includes(pattern.id)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold" breakWord>
                {pattern.regex ? <code>{pattern.pattern}</code> : pattern.pattern}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {pattern.regex ? <Badge tone="info">Regular expression</Badge> : <Badge>Text</Badge>}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <RowControl>
                <Select
                  label={`Mode of ${shown(pattern)}`}
                  labelHidden
                  options={[
                    { label: 'Block', value: 'block' },
                    { label: 'Monitor only', value: 'monitor' },
                  ]}
                  value={pattern.mode}
                  onChange={(mode) =>
                    void setMode(pattern, mode === 'monitor' ? 'monitor' : 'block')
                  }
                />
              </RowControl>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" tone={pattern.note ? undefined : 'subdued'}>
                {pattern.note || '—'}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {pattern.hits.toLocaleString('en')}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{lastHitText(pattern.lastHitAt, readAt)}</IndexTable.Cell>
            <IndexTable.Cell>
              <Tooltip content={new Date(pattern.createdAt).toLocaleString('en-US')}>
                <Text as="span">{relativeTime(pattern.createdAt, readAt)}</Text>
              </Tooltip>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <RowControl>
                <Button
                  variant="tertiary"
                  tone="critical"
                  accessibilityLabel={`Remove ${shown(pattern)}`}
                  onClick={() => setRemoving([pattern.id])}
                >
                  Remove
                </Button>
              </RowControl>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={single ? `Remove ${shown(single)}?` : `Remove ${count} patterns?`}
        primaryAction={{
          content: 'Remove',
          destructive: true,
          loading: deletePatterns.isPending,
          onAction: () => void remove(),
        }}
        secondaryActions={[{ content: 'Cancel', onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <Text as="p">
            Visitors whose user agent{' '}
            {count === 1 ? 'this pattern matches' : 'these patterns match'} can reach your store
            again at once, unless another rule blocks them.
          </Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
