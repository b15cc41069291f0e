// The log of every order Fraud Protect touched, read a page at a time and again every 10 s
// while open, with Retry on a failed action.
import { useState } from 'react';
import { OrderActionLogCard } from '../../../components/order-action-log/order-action-log-card.js';
import { useFraudLog, useRetryFraudAction } from '../api/use-fraud-protect.js';

export function FraudLogCard() {
  const [page, setPage] = useState(1);
  const log = useFraudLog(page);
  const retry = useRetryFraudAction();
  return (
    <OrderActionLogCard
      title="Orders Fraud Protect acted on"
      empty="No order yet. Risky orders appear here as soon as Fraud Protect acts on them."
      log={log.data}
      loading={log.isFetching}
      readAt={log.readAt}
      page={page}
      onPage={setPage}
      retry={async (id) => (await retry.call({ id })).result}
    />
  );
}
