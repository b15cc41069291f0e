// Where General Settings points to the IP Allow List: addresses that always get in, the other
// way besides Admin Access to let someone through every blocker.
import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';

export function AllowListCard() {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          IP Allow List
        </Text>
        <Text as="p" tone="subdued">
          Visitors from the addresses and ranges on the IP allow list always get in and bypass every
          blocker: your office, your developers, a service that calls your store.
        </Text>
        <InlineStack>
          <Button url="/whiteLists">Manage IP Allow List</Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
