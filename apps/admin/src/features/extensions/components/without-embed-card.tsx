// What the store gets while the app embed is off: checked after each page has loaded (the app's
// script tag) or not at all.
import { Banner, BlockStack, Text } from '@shopify/polaris';
import { useStorefrontFallback } from '../api/use-storefront-fallback.js';
import { fallbackHint, withoutEmbedText } from '../without-embed-text.js';

export function WithoutEmbedCard({ embedOn }: { embedOn: boolean | undefined }) {
  const fallback = useStorefrontFallback(embedOn !== true);
  if (embedOn === true) return null;
  const hint = fallbackHint(fallback);
  return (
    <Banner
      tone={fallback?.scriptTag ? 'warning' : 'critical'}
      title="What your store gets while the app embed is off"
    >
      <BlockStack gap="100">
        <Text as="p">{withoutEmbedText(fallback)}</Text>
        {hint && <Text as="p">{hint}</Text>}
      </BlockStack>
    </Banner>
  );
}
