// Whether the shop's domains really reach the firewall (a probe the server sends through them,
// checked anew on demand), and the DNS records that connect them, with this shop's values.
import { Badge, BlockStack, Button, Card, InlineStack, List, Text } from '@shopify/polaris';
import type { FirewallSettingsView } from '@gatehouse/contracts';
import { useWafConnected } from '../api/use-firewall-settings.js';

function records(view: FirewallSettingsView): string[] {
  const target = view.firewallHost ?? 'the firewall’s host name';
  return view.hosts.map((host) =>
    host.split('.').length <= 2 && view.firewallAddress
      ? `${host}: an A record to ${view.firewallAddress}`
      : `${host}: a CNAME record to ${target}`,
  );
}

export function ConnectionCard({ view }: { view: FirewallSettingsView }) {
  const waf = useWafConnected();
  const status =
    waf.data === undefined ? (
      <Badge>Checking…</Badge>
    ) : waf.data ? (
      <Badge tone="success">Connected</Badge>
    ) : (
      <Badge tone="attention">Not connected</Badge>
    );
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              Connection
            </Text>
            {status}
          </InlineStack>
          <Button onClick={() => void waf.refetch()} loading={waf.isFetching}>
            Check again
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued">
          Connected means a request to your domain reaches Gatehouse’s firewall: the check sends a
          signed probe through each domain that only the firewall can answer.
        </Text>
        {view.hosts.length === 0 ? (
          <Text as="p">Add your store’s domains below, then create their DNS records.</Text>
        ) : (
          <BlockStack gap="200">
            <Text as="p">At your domain registrar, create:</Text>
            <List>
              {records(view).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
