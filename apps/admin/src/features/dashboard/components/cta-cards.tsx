// The call-to-action cards: the Admin Access card the app puts first, then one card per
// feature to set up.
import { BlockStack, Button, Card, InlineGrid, InlineStack, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/pages.js';

interface Cta {
  title: string;
  text: string;
  action: string;
  url: string;
}

export const ctaCards: Cta[] = [
  {
    title: 'Block Lists',
    text: 'Block visitors and orders by IP address, email or country in one list.',
    action: 'Setup Block lists',
    url: paths.blockLists,
  },
  {
    title: 'Fraud Protect',
    text: 'Cancel, refund and restock the orders Shopify flags as risky, automatically.',
    action: 'Protect Now',
    url: paths.fraudProtect,
  },
  {
    title: 'Auto-cancel filters',
    text: 'Cancel, refund and restock orders that match your own filters.',
    action: 'Go To Settings',
    url: '/blackLists',
  },
  {
    title: 'Country Blocker',
    text: 'Keep visitors from chosen countries out of your store, or let only them in.',
    action: 'Setup countries list',
    url: paths.regionBlocker,
  },
  {
    title: 'IP Blocker',
    text: 'Block single IP addresses or whole ranges from your storefront.',
    action: 'Setup IP Blocker',
    url: paths.ipBlocker,
  },
  {
    title: 'Geolocation Redirects',
    text: 'Send visitors to the right store for their location.',
    action: 'Redirect Now',
    url: paths.redirect,
  },
];

export function CtaCards({ first }: { first: ReactNode }) {
  const navigate = useNavigate();
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="400">
      {first}
      {ctaCards.map((cta) => (
        <Card key={cta.title}>
          <BlockStack gap="300">
            <Text as="h3" variant="headingMd">
              {cta.title}
            </Text>
            <Text as="p" tone="subdued">
              {cta.text}
            </Text>
            <InlineStack>
              <Button onClick={() => void navigate(cta.url)}>{cta.action}</Button>
            </InlineStack>
          </BlockStack>
        </Card>
      ))}
    </InlineGrid>
  );
}
