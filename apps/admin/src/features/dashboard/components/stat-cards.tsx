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
  /** What the count covers, when the title alone could mislead. */
  help?: string;
}

/**
 * The Customer Block List card counts the storefront page views the block lists stopped: the
 * legacy list's addresses and countries. Emails and the other customer details are refused at
 * checkout, where a stopped checkout is not reported, so they add nothing to it.
 */
export const CUSTOMER_BLOCK_LIST_HELP =
  'Page views blocked by the addresses and countries of Block Lists (Legacy). Emails and other customer details are refused at checkout; those checkouts are not counted here.';

/** The cards; `data` is undefined until the counts arrived. */
export function statsOf(data: DashboardData | undefined): Stat[] {
  const count = (key: keyof DashboardData) => (data ? data[key] : null);
  return [
    {
      title: 'Customer Block List',
      count: count('blockLists'),
      caption: PAGE_VIEWS_BLOCKED,
      help: CUSTOMER_BLOCK_LIST_HELP,
    },
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
              {stat.help ? (
                <Text as="p" variant="bodySm" tone="subdued">
                  {stat.help}
                </Text>
              ) : null}
            </BlockStack>
          </section>
        </Card>
      ))}
    </InlineGrid>
  );
}
