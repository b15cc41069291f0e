// The stat cards: one per count the server keeps (the six named cards, then the Referrer
// Blocker's), each a count and its caption, with placeholders until the counts arrive. Every
// blocked visit the chart counts is in one of these cards.
import { BlockStack, Card, InlineGrid, SkeletonDisplayText, Text } from '@shopify/polaris';
import { listBlockers, type DashboardCounter, type DashboardData } from '@gatehouse/contracts';
import { formatCount } from '../../../lib/format-count.js';
import { fraudProtectCaption, PAGE_VIEWS_BLOCKED } from '../dashboard-rules.js';

interface Stat {
  title: string;
  /** The count it shows. */
  key: DashboardCounter;
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

/** The cards, one per count; `data` is undefined until the counts arrived. */
export function statsOf(data: DashboardData | undefined): Stat[] {
  const stat = (key: DashboardCounter, title: string, caption = PAGE_VIEWS_BLOCKED) => ({
    key,
    title,
    count: data ? data[key] : null,
    caption,
  });
  const fixed = [
    {
      ...stat('blockLists', 'Customer Block List'),
      help: CUSTOMER_BLOCK_LIST_HELP,
    },
    stat('fraudProtect', 'Fraud Protect', fraudProtectCaption(data?.fraudProtect ?? 0)),
    stat('asnBlocker', 'ASN Blocker'),
    stat('ipBlocker', 'IP Blocker'),
    stat('regionBlocker', 'Country Blocker'),
    stat('vpn', 'Bot/VPN/Proxy Blocker'),
  ];
  // The cards the dashboard names come first, in its order; a list blocker's count that has
  // no card of its own there follows, under the blocker's title.
  const shown = new Set(fixed.map((card) => card.key));
  return [
    ...fixed,
    ...listBlockers.flatMap((mf) =>
      mf.dashboardCounter && !shown.has(mf.dashboardCounter)
        ? [stat(mf.dashboardCounter, mf.title)]
        : [],
    ),
  ];
}

/** `data` is undefined until the counts arrived. */
export function StatCards({ data }: { data: DashboardData | undefined }) {
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="400">
      {statsOf(data).map((stat) => (
        <Card key={stat.key}>
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
