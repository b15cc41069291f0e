// "What is kept": a page's card that tells the merchant which customer data Gatehouse keeps
// for that feature, for how long, and what the platform's privacy requests do to it.
import type { ReactNode } from 'react';
import { BlockStack, Card, Text } from '@shopify/polaris';

export function DataKeptCard({ title, paragraphs }: { title: string; paragraphs: ReactNode[] }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {paragraphs.map((paragraph, i) => (
          <Text as="p" key={i}>
            {paragraph}
          </Text>
        ))}
      </BlockStack>
    </Card>
  );
}
