// Shown instead of the list on a plan without the Referrer Blocker (Free): what it does, and
// the way to a plan that has it.
import { BlockStack, Button, Card, InlineStack, List, Text } from '@shopify/polaris';

export function ReferrerUpgradeCard() {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          The Referrer Blocker is part of Premium and Pay-As-You-Go
        </Text>
        <Text as="p">Block visitors by the site that sent them to your store:</Text>
        <List>
          <List.Item>a domain, like spam.example, blocks visits from that site;</List.Item>
          <List.Item>
            a wildcard, like *.spam.example, blocks visits from all of its subdomains.
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
