// Above a save-bar page's form: the server's refusal of the last save when it is about no one
// field (or about several), in the server's own sentence.
import { Banner, Layout } from '@shopify/polaris';

export function RefusalBanner({ title, refusal }: { title: string; refusal: string | null }) {
  if (refusal === null) return null;
  return (
    <Layout.Section>
      <Banner tone="critical" title={title}>
        <p>{refusal}</p>
      </Banner>
    </Layout.Section>
  );
}
