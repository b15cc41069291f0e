// Shown instead of the blocker on a plan without it (Free): what it does, and the way to a
// plan that has it.
import { BlockStack, Button, Card, InlineStack, List, Text } from '@shopify/polaris';

export function BotUpgradeCard() {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          The Bot Blocker is part of Premium and Pay-As-You-Go
        </Text>
        <Text as="p">Keep automated visitors out of your store by the name they send:</Text>
        <List>
          <List.Item>
            whole categories, like AI scrapers, SEO tools, scripts and headless browsers;
          </List.Item>
          <List.Item>fake search-engine crawlers, checked against the engines’ networks;</List.Item>
          <List.Item>your own patterns, as plain text or regular expressions.</List.Item>
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
