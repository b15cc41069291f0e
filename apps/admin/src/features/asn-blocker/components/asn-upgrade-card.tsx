// Shown instead of the list on a plan without the ISP/ASN Blocker (Free): what it does, and
// the way to a plan that has it.
import { BlockStack, Button, Card, InlineStack, List, Text } from '@shopify/polaris';

export function AsnUpgradeCard() {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          The ISP/ASN Blocker is part of Premium and Pay-As-You-Go
        </Text>
        <Text as="p">
          Block visitors by the network they come from instead of one address at a time:
        </Text>
        <List>
          <List.Item>
            an autonomous system number, like AS15169, covers all its addresses;
          </List.Item>
          <List.Item>
            an ISP or hosting company’s name, like Hetzner, covers every network it runs.
          </List.Item>
        </List>
        <InlineStack>
          <Button variant="primary" url="/subscription">
            Start Free Trial
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
