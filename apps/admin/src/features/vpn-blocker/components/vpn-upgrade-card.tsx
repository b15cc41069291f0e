// Shown instead of the switches on a plan without the Bot (VPN/Proxy) Blocker (Free): what it
// does, and the way to a plan that has it.
import { BlockStack, Button, Card, InlineStack, List, Text } from '@shopify/polaris';

export function VpnUpgradeCard() {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          The Bot (VPN/Proxy) Blocker is part of Premium and Pay-As-You-Go
        </Text>
        <Text as="p">Block visitors by the kind of network they come from:</Text>
        <List>
          <List.Item>hosting and data-centre networks, where most scrapers and bots run;</List.Item>
          <List.Item>
            VPN services, proxies and Tor, often used to hide where a visitor is;
          </List.Item>
          <List.Item>
            each with its own action and monitor mode, iCloud Private Relay shoppers let in, and
            networks you trust never blocked.
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
