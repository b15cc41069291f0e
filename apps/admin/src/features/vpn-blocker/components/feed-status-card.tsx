// Which address lists the network check runs on: each feed, what it serves, whether a good copy
// is loaded (with its size and age) and why the last refresh failed, if it did. A missing list
// says what still works without it, and the card says when the lists are tried again and what
// the merchant can do. No publisher's address is shown: it is nothing the merchant can act on.
import { Badge, BlockStack, Box, Card, InlineStack, Text } from '@shopify/polaris';
import type { NetworkFeedStatus } from '@gatehouse/contracts';
import { feedMeanwhile, feedNextTry, feedState, feedUse } from '../vpn-blocker-form.js';

export function FeedStatusCard({ feeds, readAt }: { feeds: NetworkFeedStatus[]; readAt: number }) {
  const troubled = feeds.some((feed) => !feed.loaded || feed.stale || feed.lastError !== null);
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Address lists
          </Text>
          <Text as="p" tone="subdued">
            Hosting, VPN and proxy networks are known by who runs them. These lists, fetched from
            their publishers and refreshed automatically, add Tor exits, iCloud Private Relay and
            the search engines’ own crawler addresses.
          </Text>
        </BlockStack>
        <BlockStack gap="300">
          {feeds.map((feed) => {
            const state = feedState(feed, readAt);
            return (
              <Box
                key={feed.name}
                borderBlockStartWidth="025"
                borderColor="border"
                paddingBlockStart="300"
              >
                <BlockStack gap="100">
                  <InlineStack gap="200" blockAlign="center" wrap>
                    <Text as="h3" fontWeight="semibold">
                      {feed.title}
                    </Text>
                    <Badge tone={state.tone}>{state.text}</Badge>
                  </InlineStack>
                  <Text as="p" tone="subdued">
                    {feedUse(feed)}
                    {feed.loaded ? ` · ${feed.ranges.toLocaleString('en-US')} address ranges` : ''}
                  </Text>
                  {!feed.loaded && <Text as="p">{feedMeanwhile(feed)}</Text>}
                  {feed.lastError && (
                    <Text as="p" tone="subdued" breakWord>
                      Last try: {feed.lastError}
                    </Text>
                  )}
                </BlockStack>
              </Box>
            );
          })}
        </BlockStack>
        {troubled && feeds[0] && (
          <Text as="p" fontWeight="medium">
            {feedNextTry(feeds[0].nextTryAt, readAt)}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
