// Shown instead of a paid blocker's page on a plan without it (Free): what the blocker does,
// and the way to a plan that has it.
import { BlockStack, Button, Card, InlineStack, List, Text } from '@shopify/polaris';

export function PlanUpgradeCard({
  title,
  intro,
  items,
}: {
  title: string;
  intro: string;
  /** What the merchant could list, one sentence each. */
  items: string[];
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <Text as="p">{intro}</Text>
        <List>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
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
