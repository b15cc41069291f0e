// A page while its data loads: its title (and subtitle) as the loaded page has them, and a card of
// placeholder lines laid out as the loaded page's first card is (inside a Layout section), so the
// title and the cards stay where they are when the data arrives.
import { Card, Layout, Page, SkeletonBodyText } from '@shopify/polaris';

interface PageSkeletonProps {
  title: string;
  subtitle?: string;
  lines: number;
}

export function PageSkeleton({ title, subtitle, lines }: PageSkeletonProps) {
  return (
    <Page title={title} {...(subtitle === undefined ? {} : { subtitle })}>
      <Layout>
        <Layout.Section>
          <Card>
            <SkeletonBodyText lines={lines} />
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
