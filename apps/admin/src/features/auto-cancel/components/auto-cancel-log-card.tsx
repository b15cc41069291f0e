// The orders the filters acted on, in the log shared with Fraud Protect: when, the order, the
// filter that decided, what was done (or would have been, in monitor mode) and how it ended.
// Read a page at a time and again every 10 s while open; a failed action can be retried.
import { Text } from '@shopify/polaris';
import { OrderActionLogCard } from '../../../components/order-action-log/order-action-log-card.js';
import { useAutoCancelLog, useRetryAutoCancelAction } from '../api/use-auto-cancel.js';

export function AutoCancelLogCard() {
  const retry = useRetryAutoCancelAction();
  return (
    <OrderActionLogCard
      title="Orders the filters acted on"
      empty="No order yet. Orders a filter catches appear here as soon as it acts on them, or would have, in monitor mode."
      useLogPage={useAutoCancelLog}
      retry={async (id) => (await retry.call({ id })).result}
      column={{
        title: 'Filter',
        render: (entry) => (
          <Text as="span" breakWord>
            {entry.filterName ?? 'A deleted filter'}
          </Text>
        ),
      }}
    />
  );
}
