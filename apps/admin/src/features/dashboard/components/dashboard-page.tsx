// /dashboard (SPEC.md §2): the greeting. Stats, banners and call-to-action cards belong here
// as the features behind them arrive.
import { BlockStack, Page, Text } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useAppState } from '../../../lib/app-state.js';

export function DashboardPage() {
  const { account } = useAppState();
  return (
    <Page title="Dashboard">
      <BlockStack gap="100">
        <Text as="h2" variant="headingLg">
          {account?.shopName ? `Hi, ${account.shopName}` : 'Hi'}
        </Text>
        <Text as="p" tone="subdued">
          Welcome to {PRODUCT_NAME}.
        </Text>
      </BlockStack>
    </Page>
  );
}
