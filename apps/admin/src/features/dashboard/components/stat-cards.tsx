// The stat cards: the six the dashboard shows, each a count and its caption, with placeholders
// until the counts arrive. Blockers without a card of their own (the Referrer Blocker) still
// count in the chart's blocked line.
import { BlockStack, Card, InlineGrid, SkeletonDisplayText, Text } from '@shopify/polaris';
import type { DashboardData } from '@gatehouse/contracts';
import { formatCount } from '../../../lib/format-count.js';
import { fraudProtectCaption, PAGE_VIEWS_BLOCKED } from '../dashboard-rules.js';

interface Stat {
  title: string;
  /** Null until the counts arrived. */
  count: number | null;
  caption: string;
}

/** The cards; `data` is undefined until the counts arrived. */
export function statsOf(data: DashboardData | undefined): Stat[] {
  const count = (key: keyof DashboardData) => (data ? data[key] : null);
  return [
    { title: 'Customer Block List', count: count('blockLists'), caption: PAGE_VIEWS_BLOCKED },
    {
      title: 'Fraud Protect',
      count: count('fraudProtect'),
      caption: fraudProtectCaption(data?.fraudProtect ?? 0),
    },
    { title: 'ASN Blocker', count: count('asnBlocker'), caption: PAGE_VIEWS_BLOCKED },
    { title: 'IP Blocker', count: count('ipBlocker'), caption: PAGE_VIEWS_BLOCKED },
    { title: 'Country Blocker', count: count('regionBlocker'), caption: PAGE_VIEWS_BLOCKED },
    { title: 'Bot/VPN/Proxy Blocker', count: count('vpn'), caption: PAGE_VIEWS_BLOCKED },
  ];
}

/** `data` is undefined until the counts arrived. */
export function StatCards({ data }: { data: DashboardData | undefined }) {
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="400">
      {statsOf(data).map((stat) => (
        <Card key={stat.title}>
          <section aria-label={stat.title}>
            <BlockStack gap="200">
              <Text as="h3" variant="headingSm">
                {stat.title}
              </Text>
              {stat.count !== null ? (
                <Text as="p" variant="heading2xl">
                  {formatCount(stat.count)}
                </Text>
              ) : (
                <SkeletonDisplayText size="medium" />
              )}
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
