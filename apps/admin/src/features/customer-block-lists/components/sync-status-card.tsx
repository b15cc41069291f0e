// Where the checkout stands: whether the block list reached the store's checkout (when the
// last sync succeeded, or what failed and what to do, with "Sync now"), whether the validation
// is on in the store's checkout settings, and what is not counted. Checkouts the function stops
// are not reported to apps by the platform, so the page says so instead of showing a count.
import { Banner, BlockStack, Card, Text } from '@shopify/polaris';
import type { CheckoutSyncStatus } from '@gatehouse/contracts';
import { relativeTime } from '../../../lib/relative-time.js';
import { useSyncCustomerBlockLists } from '../api/customer-block-lists-api.js';

/**
 * "about 1 in 2,000,000" for the chance a buyer who is not listed is still stopped; null when
 * it is too small to matter (below one in a trillion, as for any short list).
 */
export function oddsText(rate: number): string | null {
  if (rate <= 0 || rate < 1e-12) return null;
  const rounded = Number((1 / rate).toPrecision(2));
  return `about 1 in ${rounded.toLocaleString('en')}`;
}

function StatusBanner({ sync, readAt }: { sync: CheckoutSyncStatus; readAt: number }) {
  const syncNow = useSyncCustomerBlockLists();
  const action = {
    content: 'Sync now',
    loading: syncNow.isPending,
    onAction: () => void syncNow.call({}),
  };
  const when = (at: string | null) => (at ? relativeTime(at, readAt) : 'never');
  switch (sync.state) {
    case 'never':
      return (
        <Banner tone="info" title="Not synced to your checkout yet">
          <p>Add an entry or save the message: the list is then sent to your store’s checkout.</p>
        </Banner>
      );
    case 'pending':
      return (
        <Banner tone="info" title="Sending your changes to your checkout…">
          {sync.error ? <p>{sync.error}</p> : <p>This usually takes a few seconds.</p>}
          <p>Last synced: {when(sync.lastSuccessAt)}.</p>
        </Banner>
      );
    case 'failed':
      return (
        <Banner tone="critical" title="Your checkout does not have the latest list" action={action}>
          <p>{sync.error}</p>
          <p>Last synced: {when(sync.lastSuccessAt)}.</p>
        </Banner>
      );
    case 'synced':
      return sync.validationEnabled === false ? (
        <Banner tone="warning" title="The checkout rule is turned off" action={action}>
          <p>
            The list is synced ({when(sync.lastSuccessAt)}), but the “Gatehouse Customer Block
            Lists” rule is off in your store’s Settings › Checkout › Checkout rules. Turn it on
            there to stop listed buyers.
          </p>
        </Banner>
      ) : (
        <Banner tone="success" title="Your checkout has the latest list">
          <p>
            Synced {when(sync.lastSuccessAt)}: {sync.entries.toLocaleString('en')}{' '}
            {sync.entries === 1 ? 'entry' : 'entries'}.
          </p>
        </Banner>
      );
  }
}

export function SyncStatusCard({ sync, readAt }: { sync: CheckoutSyncStatus; readAt: number }) {
  const odds = oddsText(sync.falseMatchRate);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Checkout status
        </Text>
        <StatusBanner sync={sync} readAt={readAt} />
        <Text as="p" tone="subdued">
          Checkouts stopped by the list are not counted: Shopify does not tell apps when a checkout
          rule stops a buyer, so no number here could be true.
          {odds
            ? ` To fit this many entries within Shopify’s limits, the list is sent in a compact form: a buyer who is not listed is stopped by mistake ${odds} times.`
            : ''}
        </Text>
      </BlockStack>
    </Card>
  );
}
