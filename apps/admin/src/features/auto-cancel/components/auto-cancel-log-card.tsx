// The order log the filters share with Fraud Protect: when, the order, which feature and which
// filter decided, what was done (or would have been, in monitor mode) and how it ended. Read a
// page at a time and again every 10 s while open; a failed action can be retried.
import { OrderActionLogCard } from '../../../components/order-action-log/order-action-log-card.js';
import { useAutoCancelLog, useRetryAutoCancelAction } from '../api/use-auto-cancel.js';

export function AutoCancelLogCard() {
  const retry = useRetryAutoCancelAction();
  return (
    <OrderActionLogCard
      title="Orders the filters and Fraud Protect acted on"
      empty="No order yet. Orders a filter catches appear here as soon as it acts on them, or would have, in monitor mode; so do the orders Fraud Protect acts on."
      useLogPage={useAutoCancelLog}
      retry={async (id) => (await retry.call({ id })).result}
    />
  );
}
