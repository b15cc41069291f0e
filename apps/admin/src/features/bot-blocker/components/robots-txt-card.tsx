// The robots.txt check: for each AI crawler the merchant blocks that obeys robots.txt, whether
// the store's live robots.txt lets it read the home, collection and product pages; the
// robots.txt.liquid template that keeps the rest out, with the steps to add it and a copy
// button; and what robots.txt cannot do. When the file cannot be read the card says so and
// what to do, and calls no page allowed or disallowed.
import { useState } from 'react';
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  List,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import {
  ROBOTS_PAGES,
  type RobotsCrawlerView,
  type RobotsPage,
  type RobotsTxtView,
} from '@gatehouse/contracts';
import { relativeTime } from '../../../lib/relative-time.js';
import { useRobotsTxt } from '../api/use-robots-txt.js';
import './robots-txt-card.css';

const PAGE_NAMES: Record<RobotsPage, string> = {
  home: 'home page',
  collection: 'collections',
  product: 'products',
};

/** What the live file lets one crawler read, in words. */
export function crawlerVerdict(pages: Record<RobotsPage, boolean>): {
  text: string;
  tone: 'success' | 'critical' | 'warning';
} {
  const open = ROBOTS_PAGES.filter((page) => pages[page]);
  if (open.length === 0) return { text: 'Disallowed by your robots.txt', tone: 'success' };
  if (open.length === ROBOTS_PAGES.length) {
    return { text: 'Allowed by your robots.txt', tone: 'critical' };
  }
  const names = open.map((page) => PAGE_NAMES[page]).join(' and ');
  return { text: `Allowed on ${names} by your robots.txt`, tone: 'warning' };
}

function CrawlerRow({ crawler }: { crawler: RobotsCrawlerView }) {
  const verdict = crawler.pages ? crawlerVerdict(crawler.pages) : null;
  return (
    <InlineStack align="space-between" blockAlign="center" gap="200" wrap>
      <Text as="span">
        <Text as="span" fontWeight="semibold">
          {crawler.agent}
        </Text>
        {` (${crawler.owner})`}
      </Text>
      {verdict ? <Badge tone={verdict.tone}>{verdict.text}</Badge> : <Badge>Not checked</Badge>}
    </InlineStack>
  );
}

function TemplateLines({ liquid }: { liquid: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(liquid).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        Keep them out with your theme’s robots.txt
      </Text>
      <List type="number">
        <List.Item>In your Shopify admin, go to Online Store → Themes.</List.Item>
        <List.Item>On your live theme, click … → Edit code.</List.Item>
        <List.Item>
          Under Templates, click Add a new template, choose robots, and click Create template. If
          the theme already has robots.txt.liquid, open it and add only the User-agent lines at its
          end.
        </List.Item>
        <List.Item>Replace its content with the lines below, then click Save.</List.Item>
        <List.Item>Come back here and click Check again.</List.Item>
      </List>
      <Box background="bg-surface-secondary" padding="300" borderRadius="200" overflowX="scroll">
        <pre className="robots-liquid" aria-label="robots.txt.liquid">
          {liquid}
        </pre>
      </Box>
      <InlineStack gap="200" blockAlign="center">
        <Button onClick={copy}>Copy lines</Button>
        {copied === 'yes' && (
          <Text as="span" tone="success">
            Copied
          </Text>
        )}
        {copied === 'failed' && (
          <Text as="span" tone="critical">
            Your browser did not allow copying. Select the lines and copy them.
          </Text>
        )}
      </InlineStack>
    </BlockStack>
  );
}

function Findings({ view }: { view: RobotsTxtView }) {
  if (view.crawlers.length === 0) {
    return (
      <Text as="p">
        Block AI training or AI search crawlers above to see whether your robots.txt lets them read
        your store, and the lines that keep them out.
      </Text>
    );
  }
  return (
    <BlockStack gap="400">
      {view.state === 'unreachable' ? (
        <Banner tone="warning" title="Your robots.txt could not be read">
          <p>{view.problem}</p>
        </Banner>
      ) : (
        <Text as="p" tone="subdued">
          {`Read from ${view.url} ${relativeTime(view.checkedAt)}.`}
        </Text>
      )}
      <BlockStack gap="200">
        {view.crawlers.map((crawler) => (
          <CrawlerRow key={crawler.agent} crawler={crawler} />
        ))}
      </BlockStack>
      {view.liquid === null ? (
        <Text as="p">Your robots.txt already keeps every one of them out of your store.</Text>
      ) : (
        <TemplateLines liquid={view.liquid} />
      )}
    </BlockStack>
  );
}

export function RobotsTxtCard() {
  const query = useRobotsTxt();
  return (
    <section aria-label="AI crawlers and your robots.txt">
      <Card>
        <BlockStack gap="400">
          <InlineStack align="space-between" blockAlign="start" gap="200">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                AI crawlers and your robots.txt
              </Text>
              <Text as="p" tone="subdued">
                AI crawlers run no JavaScript, so the Bot Blocker in your storefront never sees
                them. Those that obey robots.txt stay out when your robots.txt tells them to. A
                crawler that ignores robots.txt is stopped only at the Gatehouse firewall.
              </Text>
            </BlockStack>
            <Button onClick={query.checkAgain} loading={query.isFetching}>
              Check again
            </Button>
          </InlineStack>
          {query.data ? (
            <Findings view={query.data} />
          ) : query.isError ? (
            <Banner tone="critical" title="The check could not be run">
              <p>Gatehouse did not answer. Click Check again in a moment.</p>
            </Banner>
          ) : (
            <SkeletonBodyText lines={4} />
          )}
        </BlockStack>
      </Card>
    </section>
  );
}
