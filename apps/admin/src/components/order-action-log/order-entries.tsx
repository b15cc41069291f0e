// What the order log shows of one order: each thing done to it (who decided it, with the
// conditions that made a filter match, what it was, how it ended and what it says), what
// Gatehouse wrote into the order's own risk in Shopify, and the order's one Retry button.
import { Badge, BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import {
  describeOrderAction,
  orderActionFeatureLabels,
  type OrderActionEntry,
  type OrderActionStatus,
  type RiskNoteView,
} from '@gatehouse/contracts';
import { useState } from 'react';
import { showToast } from '../../lib/toast-store.js';
import { entryNote, orderRetry, sameSource, type OrderGroup } from './order-groups.js';

const STATUS: Record<
  OrderActionStatus,
  { label: string; tone?: 'success' | 'critical' | 'info' | 'attention' }
> = {
  pending: { label: 'Waiting', tone: 'attention' },
  sending: { label: 'In progress', tone: 'attention' },
  done: { label: 'Done', tone: 'success' },
  failed: { label: 'Failed', tone: 'critical' },
  monitored: { label: 'Monitor only', tone: 'info' },
  skipped: { label: 'Skipped' },
};

/** Tries an order again at once, by one of its entries; true once the server took it. */
export type RetryAction = (id: string) => Promise<boolean>;

/** An order's entries, what was written into its risk, when the log was read, and its retry. */
export interface OrderProps {
  group: OrderGroup;
  riskNote: RiskNoteView | undefined;
  readAt: number;
  retry: RetryAction;
}

const LEVEL_WORDS: Record<RiskNoteView['riskLevel'], string> = {
  HIGH: 'high risk',
  MEDIUM: 'medium risk',
  LOW: 'low risk',
  NONE: 'no risk level',
};

/** What Gatehouse wrote, is writing, or could not write into the order's risk in Shopify. */
function RiskNoteLine({ note }: { note: RiskNoteView }) {
  const level = LEVEL_WORDS[note.riskLevel];
  const facts = note.facts.join('; ');
  const text =
    note.status === 'written'
      ? `Added to the order's risk in Shopify (${level}): ${facts}`
      : note.status === 'writing'
        ? `Adding to the order's risk in Shopify (${level}): ${facts}`
        : `Could not add to the order's risk in Shopify: ${note.error ?? 'Shopify refused it.'}`;
  return (
    <Text as="p" tone={note.status === 'failed' ? 'critical' : 'subdued'} breakWord>
      {text}
    </Text>
  );
}

/** The entry's status badge: an interrupted attempt waits; an order being checked says so. */
function statusOf(entry: OrderActionEntry) {
  if (entry.retryAt) return STATUS.pending;
  if (entry.action === 'check' && entry.status === 'pending') {
    return { label: 'Checking', tone: 'attention' as const };
  }
  return STATUS[entry.status];
}

/** One thing done to the order: who decided it, what it was, how it ended, and what it says. */
function EntryLine({
  entry,
  readAt,
  showSource,
}: {
  entry: OrderActionEntry;
  readAt: number;
  /** Whether to name who decided it (not when the line above names the same). */
  showSource: boolean;
}) {
  const status = statusOf(entry);
  const note = entryNote(entry, readAt);
  return (
    <BlockStack gap="050">
      {showSource && <FeatureCell entry={entry} />}
      {showSource && entry.matchedBy && (
        <Text as="p" tone="subdued" variant="bodySm" breakWord>
          {`Caught by: ${entry.matchedBy}`}
        </Text>
      )}
      <InlineStack gap="200" blockAlign="center" wrap>
        <Text as="span" breakWord>
          {describeOrderAction(entry)}
        </Text>
        <Badge {...(status.tone ? { tone: status.tone } : {})}>{status.label}</Badge>
      </InlineStack>
      {note && (
        <Text as="p" tone={entry.status === 'failed' ? 'critical' : 'subdued'} breakWord>
          {note}
        </Text>
      )}
    </BlockStack>
  );
}

/** Everything done to the order, and its one Retry. */
export function OrderEntries({ group, riskNote, readAt, retry }: OrderProps) {
  const [retrying, setRetrying] = useState(false);
  const action = orderRetry(group);
  // Table cells do not wrap: the platform's error in words does, within a readable width.
  return (
    <div style={{ whiteSpace: 'normal', minWidth: '16rem', maxWidth: '36rem' }}>
      <BlockStack gap="200">
        {group.entries.map((entry, index) => (
          <EntryLine
            key={entry.id}
            entry={entry}
            readAt={readAt}
            showSource={index === 0 || !sameSource(entry, group.entries[index - 1])}
          />
        ))}
        {riskNote && <RiskNoteLine note={riskNote} />}
        {action && (
          <InlineStack>
            <Button
              size="slim"
              loading={retrying}
              accessibilityLabel={`${action.label} order ${group.orderName}`}
              onClick={async () => {
                setRetrying(true);
                const taken = await retry(action.id);
                setRetrying(false);
                if (taken) showToast('Trying again now');
              }}
            >
              {action.label}
            </Button>
          </InlineStack>
        )}
      </BlockStack>
    </div>
  );
}

/** Which feature decided the entry, and for a filter, its name. */
function FeatureCell({ entry }: { entry: OrderActionEntry }) {
  const label = orderActionFeatureLabels[entry.feature];
  return (
    <InlineStack gap="100" blockAlign="center" wrap>
      {entry.feature === 'fraud-protect' ? (
        <Badge tone="info">{label}</Badge>
      ) : (
        <>
          <Badge>{label}</Badge>
          <Text as="span" fontWeight="medium" breakWord>
            {entry.filterName ?? 'A deleted filter'}
          </Text>
        </>
      )}
    </InlineStack>
  );
}
