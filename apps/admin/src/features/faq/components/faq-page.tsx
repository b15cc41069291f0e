// /faq: the questions merchants ask, each with the pages that fix it.
import { BlockStack, Button, Card, InlineStack, Page, Text } from '@shopify/polaris';
import { openContactDialog } from '../../../lib/shell-dialogs.js';
import { faqEntries, type FaqLink } from './faq-entries.js';
import { pageTitles } from '../../../lib/pages.js';

function FaqButton({ link }: { link: FaqLink }) {
  return link.to === 'contact' ? (
    <Button onClick={openContactDialog}>{link.label}</Button>
  ) : (
    <Button url={link.to}>{link.label}</Button>
  );
}

export function FaqPage() {
  const title = pageTitles.faq;
  return (
    <Page title={title} subtitle="Answers to what merchants ask us most">
      <BlockStack gap="400">
        {faqEntries.map((entry) => (
          <Card key={entry.id}>
            <section aria-labelledby={`faq-${entry.id}`}>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd" id={`faq-${entry.id}`}>
                  {entry.question}
                </Text>
                <Text as="p">{entry.answer}</Text>
                <InlineStack gap="200">
                  {entry.links.map((link) => (
                    <FaqButton key={link.to} link={link} />
                  ))}
                </InlineStack>
              </BlockStack>
            </section>
          </Card>
        ))}
      </BlockStack>
    </Page>
  );
}
