// The one log of the orders Fraud Protect and the auto-cancel filters acted on, one line per
// order, newest first, a page at a time: when, the order (linked to its page in the Shopify
// admin), its risk, and everything done to it: what each entry did, which feature (and which
// filter) decided it, how it ended, and what it says (order-groups.ts), with the order's one
// Retry; it can be narrowed to one feature. The page hands over its own read of a page of the
// log and its own retry call.
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Link,
  Pagination,
  Select,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import {
  describeOrderAction,
  orderActionFeatureLabels,
  type OrderActionEntry,
  type OrderActionFeature,
  type OrderActionStatus,
} from '@gatehouse/contracts';
import { useState } from 'react';
import { relativeTime } from '../../lib/relative-time.js';
import { showToast } from '../../lib/toast-store.js';
import { entryNote, groupByOrder, orderRetry, type OrderGroup } from './order-groups.js';

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

const RISK_TONE: Record<string, 'critical' | 'warning' | undefined> = {
  HIGH: 'critical',
  MEDIUM: 'warning',
};

/** Tries an order again at once, by one of its entries; true once the server took it. */
export type RetryAction = (id: string) => Promise<boolean>;

/** An order's entries, when the log was read, and its retry call. */
interface OrderProps {
  group: OrderGroup;
  readAt: number;
  retry: RetryAction;
}

/** The entry's status badge: an interrupted attempt waits; an order being checked says so. */
function statusOf(entry: OrderActionEntry) {
  if (entry.retryAt) return STATUS.pending;
  if (entry.action === 'check' && entry.status === 'pending') {
    return { label: 'Checking', tone: 'attention' as const };
  }
  return STATUS[entry.status];
}

/** One thing done to the order: how it ended, what it was, who decided, and what it says. */
function EntryLine({ entry, readAt }: { entry: OrderActionEntry; readAt: number }) {
  const status = statusOf(entry);
  const note = entryNote(entry, readAt);
  return (
    <BlockStack gap="050">
      <InlineStack gap="200" blockAlign="center" wrap>
        <Badge {...(status.tone ? { tone: status.tone } : {})}>{status.label}</Badge>
        <Text as="span" breakWord>
          {describeOrderAction(entry)}
        </Text>
        <FeatureCell entry={entry} />
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
function OrderEntries({ group, readAt, retry }: OrderProps) {
  const [retrying, setRetrying] = useState(false);
  const action = orderRetry(group);
  // Table cells do not wrap: the platform's error in words does, within a readable width.
  return (
    <div style={{ whiteSpace: 'normal', minWidth: '16rem', maxWidth: '36rem' }}>
      <BlockStack gap="200">
        {group.entries.map((entry) => (
          <EntryLine key={entry.id} entry={entry} readAt={readAt} />
        ))}
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

function RiskBadge({ level }: { level: string | null }) {
  if (!level) return <>—</>;
  const tone = RISK_TONE[level];
  return (
    <Badge {...(tone ? { tone } : {})}>{level.charAt(0) + level.slice(1).toLowerCase()}</Badge>
  );
}

/** Which feature decided the entry, and for a filter, its name. */
function FeatureCell({ entry }: { entry: OrderActionEntry }) {
  const label = orderActionFeatureLabels[entry.feature];
  return entry.feature === 'fraud-protect' ? (
    <Badge tone="info">{label}</Badge>
  ) : (
    <InlineStack gap="100" blockAlign="center" wrap>
      <Badge>{label}</Badge>
      <Text as="span" tone="subdued" breakWord>
        {entry.filterName ?? 'A deleted filter'}
      </Text>
    </InlineStack>
  );
}

/** One order as a stacked block, for narrow screens. */
function CondensedOrder({ group, readAt, retry }: OrderProps) {
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Link url={group.orderUrl} target="_blank">
          {group.orderName}
        </Link>
        <RiskBadge level={group.riskLevel} />
        <Text as="span" tone="subdued">
          {relativeTime(group.createdAt, readAt)}
        </Text>
      </InlineStack>
      <OrderEntries group={group} readAt={readAt} retry={retry} />
    </BlockStack>
  );
}

export interface OrderActionLog {
  entries: OrderActionEntry[];
  total: number;
  pageSize: number;
}

/** The page's read of one page of the log, one feature's or all, as its query hook answers it. */
export type UseLogPage = (
  page: number,
  feature: OrderActionFeature | undefined,
) => {
  data: OrderActionLog;
  isFetching: boolean;
  readAt: number;
};

const FEATURE_OPTIONS = [
  { label: 'All order features', value: '' },
  ...Object.entries(orderActionFeatureLabels).map(([value, label]) => ({
    label: value === 'auto-cancel' ? 'Auto-cancel filters' : label,
    value,
  })),
];

export function OrderActionLogCard({
  title,
  empty,
  useLogPage,
  retry,
}: {
  title: string;
  /** What the card says while the log is empty: what will appear here, and when. */
  empty: string;
  /** The page's query hook for a page of the log; the same hook on every render. */
  useLogPage: UseLogPage;
  retry: RetryAction;
}) {
  const { smDown } = useBreakpoints();
  const [page, setPage] = useState(1);
  const [feature, setFeature] = useState<OrderActionFeature | undefined>(undefined);
  const log = useLogPage(page, feature);
  const { readAt } = log;
  const { entries, total, pageSize } = log.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const groups = groupByOrder(entries);
  const headings: [{ title: string }, ...{ title: string }[]] = [
    { title: 'Time' },
    { title: 'Order' },
    { title: 'Risk' },
    { title: 'What Gatehouse did' },
  ];
  return (
    <Card padding="0">
      <BlockStack gap="0">
        <Box padding="400">
          <InlineStack gap="300" align="space-between" blockAlign="start" wrap>
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                {title}
              </Text>
              <Text as="p" tone="subdued">
                {total === 0
                  ? feature === undefined
                    ? empty
                    : `No entry of ${orderActionFeatureLabels[feature]} yet.`
                  : `${total.toLocaleString('en-US')} ${total === 1 ? 'order' : 'orders'}, newest first.`}
              </Text>
            </BlockStack>
            <Select
              label="Show"
              labelInline
              options={FEATURE_OPTIONS}
              value={feature ?? ''}
              onChange={(value) => {
                setFeature(value === '' ? undefined : (value as OrderActionFeature));
                setPage(1);
              }}
            />
          </InlineStack>
        </Box>
        <IndexTable
          resourceName={{ singular: 'order', plural: 'orders' }}
          itemCount={groups.length}
          selectable={false}
          condensed={smDown}
          loading={log.isFetching && groups.length === 0}
          emptyState={<div />}
          headings={headings}
        >
          {groups.map((group, index) =>
            smDown ? (
              <IndexTable.Row id={group.orderId} key={group.orderId} position={index}>
                <div style={{ padding: 'var(--p-space-300) var(--p-space-400)' }}>
                  <CondensedOrder group={group} readAt={readAt} retry={retry} />
                </div>
              </IndexTable.Row>
            ) : (
              <IndexTable.Row id={group.orderId} key={group.orderId} position={index}>
                <IndexTable.Cell>
                  <span title={new Date(group.createdAt).toLocaleString('en-US')}>
                    {relativeTime(group.createdAt, readAt)}
                  </span>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Link url={group.orderUrl} target="_blank">
                    {group.orderName}
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <RiskBadge level={group.riskLevel} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <OrderEntries group={group} readAt={readAt} retry={retry} />
                </IndexTable.Cell>
              </IndexTable.Row>
            ),
          )}
        </IndexTable>
        {pages > 1 && (
          <div style={{ padding: 'var(--p-space-300)', display: 'flex', justifyContent: 'center' }}>
            <Pagination
              hasPrevious={page > 1}
              hasNext={page < pages}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
              label={`Page ${page} of ${pages}`}
            />
          </div>
        )}
      </BlockStack>
    </Card>
  );
}
