// The one log of the orders Fraud Protect and the auto-cancel filters acted on, one line per
// order, newest first, a page at a time: when, the order (linked to its page in the Shopify
// admin), its risk, and everything done to it: what each entry did, which feature (and which
// filter) decided it, how it ended, and what it says (order-groups.ts), what was written into
// its risk in Shopify when the page's log carries it, with the order's one Retry; it can be
// narrowed to one feature. The page hands over its own read of a page of the
// log and its own retry call.
import {
  Badge,
  BlockStack,
  Box,
  Card,
  IndexTable,
  InlineStack,
  Link,
  Select,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import {
  orderActionFeatureLabels,
  type OrderActionEntry,
  type OrderActionFeature,
  type RiskNoteView,
} from '@gatehouse/contracts';
import { useState } from 'react';
import { PageNumbers } from '../page-numbers.js';
import { relativeTime } from '../../lib/relative-time.js';
import { groupByOrder } from './order-groups.js';
import { OrderEntries, type OrderProps, type RetryAction } from './order-entries.js';

const RISK_TONE: Record<string, 'critical' | 'warning' | undefined> = {
  HIGH: 'critical',
  MEDIUM: 'warning',
};

function RiskBadge({ level }: { level: string | null }) {
  if (!level) return <>—</>;
  const tone = RISK_TONE[level];
  return (
    <Badge {...(tone ? { tone } : {})}>{level.charAt(0) + level.slice(1).toLowerCase()}</Badge>
  );
}

/** One order as a stacked block, for narrow screens. */
function CondensedOrder({ group, riskNote, readAt, retry }: OrderProps) {
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
      <OrderEntries group={group} riskNote={riskNote} readAt={readAt} retry={retry} />
    </BlockStack>
  );
}

export interface OrderActionLog {
  entries: OrderActionEntry[];
  total: number;
  pageSize: number;
  riskNotes?: RiskNoteView[] | undefined;
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
  const riskNotes = new Map((log.data.riskNotes ?? []).map((note) => [note.orderId, note]));
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
                  <CondensedOrder
                    group={group}
                    riskNote={riskNotes.get(group.orderId)}
                    readAt={readAt}
                    retry={retry}
                  />
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
                  <OrderEntries
                    group={group}
                    riskNote={riskNotes.get(group.orderId)}
                    readAt={readAt}
                    retry={retry}
                  />
                </IndexTable.Cell>
              </IndexTable.Row>
            ),
          )}
        </IndexTable>
        <PageNumbers page={page} pages={pages} onPage={setPage} />
      </BlockStack>
    </Card>
  );
}
