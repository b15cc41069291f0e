// One filter in the priority list: its drag handle, name, mode (on, off, monitor: changed at
// once), what it catches and what it does in words, Edit and Delete.
import { Badge, BlockStack, Button, Card, InlineStack, Select, Text } from '@shopify/polaris';
import type { AutoCancelFilter, AutoCancelMode } from '@gatehouse/contracts';
import { DragHandle } from '../../../components/sortable-list/sortable-list.js';
import { describeActions, describeMatch, MODE_OPTIONS } from '../filter-words.js';

const MODE_BADGE: Record<AutoCancelMode, { label: string; tone?: 'success' | 'info' }> = {
  on: { label: 'On', tone: 'success' },
  off: { label: 'Off' },
  monitor: { label: 'Monitor only', tone: 'info' },
};

export function FilterCard({
  filter,
  position,
  saving,
  onMode,
  onEdit,
  onDelete,
}: {
  filter: AutoCancelFilter;
  position: number;
  saving: boolean;
  onMode: (mode: AutoCancelMode) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const badge = MODE_BADGE[filter.mode];
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            <DragHandle label={`Move filter ${position}: ${filter.name}`} />
            <Text as="h2" variant="headingMd" breakWord>
              {`${position}. ${filter.name}`}
            </Text>
            <Badge {...(badge.tone ? { tone: badge.tone } : {})}>{badge.label}</Badge>
          </InlineStack>
          <InlineStack gap="200" blockAlign="center">
            <Select
              label={`Mode of ${filter.name}`}
              labelHidden
              options={MODE_OPTIONS}
              value={filter.mode}
              disabled={saving}
              onChange={(mode) => onMode(mode as AutoCancelMode)}
            />
            <Button onClick={onEdit}>Edit</Button>
            <Button variant="plain" tone="critical" onClick={onDelete}>
              Delete
            </Button>
          </InlineStack>
        </InlineStack>
        <Text as="p" breakWord>
          <Text as="span" fontWeight="semibold">
            Catches:{' '}
          </Text>
          {describeMatch(filter.match)}
        </Text>
        <Text as="p" tone="subdued" breakWord>
          {describeActions(filter.actions)}
        </Text>
      </BlockStack>
    </Card>
  );
}
