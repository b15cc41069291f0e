// The order log Fraud Protect shares with the auto-cancel filters: every order either acted
// on, naming the feature and filter, read a page at a time and again every 10 s while open,
// with Retry on a failed action.
import { OrderActionLogCard } from '../../../components/order-action-log/order-action-log-card.js';
import { useFraudLog, useRetryFraudAction } from '../api/use-fraud-protect.js';

export function FraudLogCard() {
  const retry = useRetryFraudAction();
  return (
    <OrderActionLogCard
      title="Orders Fraud Protect and the filters acted on"
      empty="No order yet. Risky orders appear here as soon as Fraud Protect acts on them, and so do the orders an auto-cancel filter catches."
      useLogPage={useFraudLog}
      retry={async (id) => (await retry.call({ id })).result}
    />
  );
}
