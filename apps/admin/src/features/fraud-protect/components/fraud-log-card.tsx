// The log of every order Fraud Protect touched, newest first, a page at a time: when, the
// order (linked to its page in the Shopify admin), its risk, what was done, and how it ended,
// with the platform's error in words and Retry on a failed action.
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
import { useState } from 'react';
import { relativeTime } from '../../../lib/relative-time.js';
import { showToast } from '../../../lib/toast-store.js';
import { useFraudLog, useRetryFraudAction } from '../api/use-fraud-protect.js';

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

function Result({ entry }: { entry: OrderActionEntry }) {
  const retry = useRetryFraudAction();
  const status = STATUS[entry.status];
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        <Badge {...(status.tone ? { tone: status.tone } : {})}>{status.label}</Badge>
        {entry.status === 'failed' && (
          <Button
            size="slim"
            loading={retry.isPending}
            onClick={async () => {
              const outcome = await retry.call({ id: entry.id });
              if (outcome.result) showToast('Trying again');
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

/** One entry as a stacked block, for narrow screens. */
function CondensedEntry({ entry, readAt }: { entry: OrderActionEntry; readAt: number }) {
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
      <Text as="p" breakWord>
        {describeOrderAction(entry)}
      </Text>
      <Result entry={entry} />
    </BlockStack>
  );
}

export function FraudLogCard() {
  const { smDown } = useBreakpoints();
  const [page, setPage] = useState(1);
  const log = useFraudLog(page);
  const { entries, total, pageSize } = log.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Card padding="0">
      <BlockStack gap="0">
        <div style={{ padding: 'var(--p-space-400)' }}>
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Orders Fraud Protect acted on
            </Text>
            <Text as="p" tone="subdued">
              {total === 0
                ? 'No order yet. Risky orders appear here as soon as Fraud Protect acts on them.'
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
          headings={[
            { title: 'Time' },
            { title: 'Order' },
            { title: 'Risk' },
            { title: 'What it did' },
            { title: 'Result' },
          ]}
        >
          {entries.map((entry, index) =>
            smDown ? (
              <IndexTable.Row id={entry.id} key={entry.id} position={index}>
                <div style={{ padding: 'var(--p-space-300) var(--p-space-400)' }}>
                  <CondensedEntry entry={entry} readAt={log.readAt} />
                </div>
              </IndexTable.Row>
            ) : (
              <IndexTable.Row id={entry.id} key={entry.id} position={index}>
                <IndexTable.Cell>
                  <span title={new Date(entry.createdAt).toLocaleString('en-US')}>
                    {relativeTime(entry.createdAt, log.readAt)}
                  </span>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Link url={entry.orderUrl} target="_blank">
                    {entry.orderName}
                  </Link>
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
                  <Result entry={entry} />
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
