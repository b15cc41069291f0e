// The stat cards: the six the dashboard shows, each a count and its caption. Blockers without a
// card of their own (the Referrer Blocker) still count in the chart's blocked line.
import { BlockStack, Card, InlineGrid, Text } from '@shopify/polaris';
import type { DashboardData } from '@gatehouse/contracts';
import { formatCount } from '../../../lib/format-count.js';
import { fraudProtectCaption, PAGE_VIEWS_BLOCKED } from '../dashboard-rules.js';

interface Stat {
  title: string;
  count: number;
  caption: string;
}

export function statsOf(data: DashboardData): Stat[] {
  return [
    { title: 'Customer Block List', count: data.blockLists, caption: PAGE_VIEWS_BLOCKED },
    {
      title: 'Fraud Protect',
      count: data.fraudProtect,
      caption: fraudProtectCaption(data.fraudProtect),
    },
    { title: 'ASN Blocker', count: data.asnBlocker, caption: PAGE_VIEWS_BLOCKED },
    { title: 'IP Blocker', count: data.ipBlocker, caption: PAGE_VIEWS_BLOCKED },
    { title: 'Country Blocker', count: data.regionBlocker, caption: PAGE_VIEWS_BLOCKED },
    { title: 'Bot/VPN/Proxy Blocker', count: data.vpn, caption: PAGE_VIEWS_BLOCKED },
  ];
}

export function StatCards({ data }: { data: DashboardData }) {
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="400">
      {statsOf(data).map((stat) => (
        <Card key={stat.title}>
          <section aria-label={stat.title}>
            <BlockStack gap="200">
              <Text as="h3" variant="headingSm">
                {stat.title}
              </Text>
              <Text as="p" variant="heading2xl">
                {formatCount(stat.count)}
              </Text>
              <Text as="p" tone="subdued">
                {stat.caption}
              </Text>
            </BlockStack>
          </section>
        </Card>
      ))}
    </InlineGrid>
  );
}
