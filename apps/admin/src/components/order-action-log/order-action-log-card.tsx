// The one log of the orders Fraud Protect and the auto-cancel filters acted on, newest first,
// a page at a time: when, the order (linked to its page in the Shopify admin), which feature
// (and which filter, with the conditions that made it match) decided, its risk, what was
// done, and how it ended, with the platform's error in words and Retry on a failed action,
// or, while an interrupted attempt holds an action, when Gatehouse retries it; it can be
// narrowed to one feature. The page hands over its own read of a page of the log and its own
// retry call.
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
import { interruptedText } from './interrupted-text.js';

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

/** Sends a failed action again; true once the server took it. */
export type RetryAction = (id: string) => Promise<boolean>;

/** An entry, when the log was read, and its retry call. */
interface EntryProps {
  entry: OrderActionEntry;
  readAt: number;
  retry: RetryAction;
}

function Result({ entry, readAt, retry }: EntryProps) {
  const [retrying, setRetrying] = useState(false);
  const status = entry.retryAt ? STATUS.pending : STATUS[entry.status];
  const note = entry.retryAt ? interruptedText(entry.retryAt, readAt) : entry.error;
  // Table cells do not wrap: the platform's error in words does, within a readable width.
  return (
    <div style={{ whiteSpace: 'normal', minWidth: '12rem', maxWidth: '24rem' }}>
      <BlockStack gap="100">
        <InlineStack gap="200" blockAlign="center">
          <Badge {...(status.tone ? { tone: status.tone } : {})}>{status.label}</Badge>
          {entry.status === 'failed' && (
            <Button
              size="slim"
              loading={retrying}
              onClick={async () => {
                setRetrying(true);
                const taken = await retry(entry.id);
                setRetrying(false);
                if (taken) showToast('Trying again');
              }}
            >
              Retry
            </Button>
          )}
        </InlineStack>
        {note && (
          <Text as="p" tone={entry.status === 'failed' ? 'critical' : 'subdued'} breakWord>
            {note}
          </Text>
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
  return (
    <InlineStack gap="100" blockAlign="center" wrap>
      {entry.feature === 'fraud-protect' ? (
        <Badge tone="info">{label}</Badge>
      ) : (
        <>
          <Badge>{label}</Badge>
          <Text as="span" breakWord>
            {entry.filterName ?? 'A deleted filter'}
          </Text>
        </>
      )}
      {entry.matchedBy && (
        <div style={{ whiteSpace: 'normal', minWidth: '12rem', maxWidth: '24rem' }}>
          <Text as="p" tone="subdued" variant="bodySm" breakWord>
            {`Caught by: ${entry.matchedBy}`}
          </Text>
        </div>
      )}
    </InlineStack>
  );
}

/** One entry as a stacked block, for narrow screens. */
function CondensedEntry({ entry, readAt, retry }: EntryProps) {
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        <Link url={entry.orderUrl} target="_blank">
          {entry.orderName}
        </Link>
        <RiskBadge level={entry.riskLevel} />
        <Text as="span" tone="subdued">
          {relativeTime(entry.createdAt, readAt)}
        </Text>
      </InlineStack>
      <FeatureCell entry={entry} />
      <Text as="p" breakWord>
        {describeOrderAction(entry)}
      </Text>
      <Result entry={entry} readAt={readAt} retry={retry} />
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
  const headings: [{ title: string }, ...{ title: string }[]] = [
    { title: 'Time' },
    { title: 'Order' },
    { title: 'Feature' },
    { title: 'Risk' },
    { title: 'What it did' },
    { title: 'Result' },
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
                  : `${total.toLocaleString('en-US')} ${total === 1 ? 'action' : 'actions'}, newest first.`}
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
          resourceName={{ singular: 'action', plural: 'actions' }}
          itemCount={entries.length}
          selectable={false}
          condensed={smDown}
          loading={log.isFetching && entries.length === 0}
          emptyState={<div />}
          headings={headings}
        >
          {entries.map((entry, index) =>
            smDown ? (
              <IndexTable.Row id={entry.id} key={entry.id} position={index}>
                <div style={{ padding: 'var(--p-space-300) var(--p-space-400)' }}>
                  <CondensedEntry entry={entry} readAt={readAt} retry={retry} />
                </div>
              </IndexTable.Row>
            ) : (
              <IndexTable.Row id={entry.id} key={entry.id} position={index}>
                <IndexTable.Cell>
                  <span title={new Date(entry.createdAt).toLocaleString('en-US')}>
                    {relativeTime(entry.createdAt, readAt)}
                  </span>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Link url={entry.orderUrl} target="_blank">
                    {entry.orderName}
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <FeatureCell entry={entry} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <RiskBadge level={entry.riskLevel} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" breakWord>
                    {describeOrderAction(entry)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Result entry={entry} readAt={readAt} retry={retry} />
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
