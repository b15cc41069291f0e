// What the server says of a list of addresses as a whole (an entry too wide to be applied,
// entries that together cover a large share of the addresses), as one warning; nothing when
// it says nothing.
import { Banner, BlockStack, Text } from '@shopify/polaris';

export function ListNotices({ notices }: { notices: readonly string[] }) {
  if (notices.length === 0) return null;
  return (
    <Banner tone="warning" title="Check this list">
      <BlockStack gap="200">
        {notices.map((notice) => (
          <Text as="p" key={notice}>
            {notice}
          </Text>
        ))}
      </BlockStack>
    </Banner>
  );
}
