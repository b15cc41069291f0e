// The custom user-agent patterns (at most 200, all loaded) in the shared entry table: a filter,
// each pattern's kind, its mode (changed at once from the row), note, hits (visits it decided)
// and last hit, a Remove button on each row and a bulk Remove behind a confirmation.
import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, IndexTable, Select, Text, Tooltip } from '@shopify/polaris';
import type { BotPatternEntry } from '@gatehouse/contracts';
import { EntryFilter } from '../../../components/entry-list/entry-filter.js';
import { EntryTable } from '../../../components/entry-list/entry-table.js';
import { lastHitText, relativeTime } from '../../../lib/relative-time.js';
import { showToast } from '../../../lib/toast-store.js';
import { useDeleteBotPatterns } from '../api/use-delete-bot-patterns.js';
import { useUpdateBotPattern } from '../api/use-update-bot-pattern.js';
import { filterPatterns } from '../bot-blocker-form.js';

/** Keeps a click on a row's control from toggling the row's selection. */
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
  const deletePatterns = useDeleteBotPatterns();
  const updatePattern = useUpdateBotPattern();
  const rows = useMemo(() => filterPatterns(patterns, filter), [patterns, filter]);

  const setMode = async (pattern: BotPatternEntry, mode: 'block' | 'monitor') => {
    const outcome = await updatePattern.call({ id: pattern.id, mode });
    if (outcome.result) {
      showToast(`${mode === 'block' ? 'Blocking' : 'Monitoring'} ${shown(pattern)}`);
    }
  };

  return (
    <>
      <EntryFilter
        label="Filter"
        placeholder="Filter by pattern or note"
        value={filter}
        onChange={setFilter}
      />
      <EntryTable
        entries={rows}
        loading={loading}
        empty={
          filter.trim()
            ? {
                title: 'No patterns match your filter',
                description: 'Try another pattern or note.',
              }
            : {
                title: 'No custom patterns yet',
                description: 'Add the name a bot sends that no category above covers.',
              }
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
        removal={{
          verb: 'Remove',
          deleteEntries: deletePatterns,
          title: (ids) => {
            const single = ids.length === 1 ? patterns.find((p) => p.id === ids[0]) : undefined;
            return single ? `Remove ${shown(single)}?` : `Remove ${ids.length} patterns?`;
          },
          body: (count) =>
            `Visitors whose user agent ${count === 1 ? 'this pattern matches' : 'these patterns match'} can reach your store again at once, unless another rule blocks them.`,
        }}
        row={(pattern, index, selected, remove) => (
          <IndexTable.Row id={pattern.id} key={pattern.id} position={index} selected={selected}>
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
                  onClick={remove}
                >
                  Remove
                </Button>
              </RowControl>
            </IndexTable.Cell>
          </IndexTable.Row>
        )}
      />
    </>
  );
}
