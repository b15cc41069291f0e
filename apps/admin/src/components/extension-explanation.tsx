// Why the app embed matters (protection starts before the page shows), shared by the Extension info
// dialog and the extension page.
import { List, Text } from '@shopify/polaris';

export function ExtensionExplanation() {
  return (
    <>
      <List>
        <List.Item>
          Without the extension, protection starts only after your store page has fully loaded.
          Visitors on slow connections can still see content or click before that.
        </List.Item>
        <List.Item>
          With the extension, protection starts as soon as the app loads, which makes it at least
          70% faster.
        </List.Item>
        <List.Item>
          The extension is essential when you block countries whose visitors reach your store
          slowly, such as China and Nigeria.
        </List.Item>
      </List>
      <Text as="p" tone="subdued">
        Activate it once in your Shopify Theme Editor and click &apos;Save&apos;.
      </Text>
    </>
  );
}
