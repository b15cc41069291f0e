// Whether what Gatehouse finds about each new order is written into the order's risk on
// Shopify, where the order's risk card, Flow and Shopify's fraud filters read it.
import { BlockStack, Card, Checkbox, Text } from '@shopify/polaris';

export function OrderRiskCard({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (writeOrderRisk: boolean) => void;
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Shopify’s order risk
        </Text>
        <Checkbox
          label="Add what Gatehouse finds to each order’s risk in Shopify"
          helpText="Shows on the order’s fraud analysis, and Shopify Flow can use it: a VPN, proxy, Tor or data-centre address, an IP or country your rules block, the auto-cancel filter the order matched, and what Fraud Protect did. Works while Fraud Protect is off, too."
          checked={checked}
          onChange={onChange}
        />
      </BlockStack>
    </Card>
  );
}
