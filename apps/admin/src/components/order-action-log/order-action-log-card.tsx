// A log of the orders a feature acted on, newest first, a page at a time: when, the order
// (linked to its page in the Shopify admin), its risk, what was done, and how it ended, with
// the platform's error in words and Retry on a failed action. The feature hands over its own
// read of a page of the log and its own retry call.
import {
  Badge,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Link,
  Pagination,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import {
  describeOrderAction,
  type OrderActionEntry,
  type OrderActionStatus,
} from '@gatehouse/contracts';
import { useState, type ReactNode } from 'react';
import { relativeTime } from '../../lib/relative-time.js';
import { showToast } from '../../lib/toast-store.js';

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

function Result({ entry, retry }: { entry: OrderActionEntry; retry: RetryAction }) {
  const [retrying, setRetrying] = useState(false);
  const status = STATUS[entry.status];
  return (
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
      {entry.error && (
        <Text as="p" tone={entry.status === 'failed' ? 'critical' : 'subdued'} breakWord>
          {entry.error}
        </Text>
      )}
    </BlockStack>
  );
}

function RiskBadge({ level }: { level: string | null }) {
  if (!level) return <>—</>;
  const tone = RISK_TONE[level];
  return (
    <Badge {...(tone ? { tone } : {})}>{level.charAt(0) + level.slice(1).toLowerCase()}</Badge>
  );
}

/** A column a page adds after the order's: which feature or filter acted, for instance. */
export interface LogColumn<E extends OrderActionEntry> {
  title: string;
  render: (entry: E) => ReactNode;
}

/** One entry as a stacked block, for narrow screens. */
function CondensedEntry<E extends OrderActionEntry>({
  entry,
  readAt,
  retry,
  column,
}: {
  entry: E;
  readAt: number;
  retry: RetryAction;
  column: LogColumn<E> | undefined;
}) {
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
      {column && column.render(entry)}
      <Text as="p" breakWord>
        {describeOrderAction(entry)}
      </Text>
      <Result entry={entry} retry={retry} />
    </BlockStack>
  );
}

export interface OrderActionLog<E extends OrderActionEntry> {
  entries: E[];
  total: number;
  pageSize: number;
}

/** A feature's read of one page of its log, as its query hook answers it. */
export type UseLogPage<E extends OrderActionEntry> = (page: number) => {
  data: OrderActionLog<E>;
  isFetching: boolean;
  readAt: number;
};

export function OrderActionLogCard<E extends OrderActionEntry>({
  title,
  empty,
  useLogPage,
  retry,
  column,
}: {
  title: string;
  /** What the card says while the log is empty: what will appear here, and when. */
  empty: string;
  /** The feature's query hook for a page of its log; the same hook on every render. */
  useLogPage: UseLogPage<E>;
  retry: RetryAction;
  column?: LogColumn<E>;
}) {
  const { smDown } = useBreakpoints();
  const [page, setPage] = useState(1);
  const log = useLogPage(page);
  const { readAt } = log;
  const { entries, total, pageSize } = log.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const headings: [{ title: string }, ...{ title: string }[]] = [
    { title: 'Time' },
    { title: 'Order' },
    ...(column ? [{ title: column.title }] : []),
    { title: 'Risk' },
    { title: 'What it did' },
    { title: 'Result' },
  ];
  return (
    <Card padding="0">
      <BlockStack gap="0">
        <div style={{ padding: 'var(--p-space-400)' }}>
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {title}
            </Text>
            <Text as="p" tone="subdued">
              {total === 0
                ? empty
                : `${total.toLocaleString('en-US')} ${total === 1 ? 'action' : 'actions'}, newest first.`}
            </Text>
          </BlockStack>
        </div>
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
                  <CondensedEntry entry={entry} readAt={readAt} retry={retry} column={column} />
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
                {column && <IndexTable.Cell>{column.render(entry)}</IndexTable.Cell>}
                <IndexTable.Cell>
                  <RiskBadge level={entry.riskLevel} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" breakWord>
                    {describeOrderAction(entry)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Result entry={entry} retry={retry} />
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
