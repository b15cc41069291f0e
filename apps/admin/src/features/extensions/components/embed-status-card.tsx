// The live status: on or off in the store's published theme, and the button that opens the theme
// editor with the embed switched on (the merchant still clicks Save there). The page shows it
// once the first answer (or failure) is in; the status stays "Unknown" after a failure.
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Spinner,
  Text,
} from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useAppState } from '../../../lib/app-state.js';
import { useEmbedStatus } from '../api/use-embed-status.js';
import { WITHOUT_EMBED_TEXT } from '../without-embed-text.js';

function StatusBadge({ isEnabled }: { isEnabled: boolean | undefined }) {
  if (isEnabled === undefined) return <Badge tone="info">Unknown</Badge>;
  return isEnabled ? <Badge tone="success">On</Badge> : <Badge tone="critical">Off</Badge>;
}

export function EmbedStatusCard() {
  const { account } = useAppState();
  const status = useEmbedStatus();
  const openEditor = () => {
    if (account) window.open(account.themeEditorUrl, '_blank', 'noopener');
  };
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {PRODUCT_NAME} app embed in your live theme
            </Text>
            <span data-testid="embed-status">
              <StatusBadge isEnabled={status.isEnabled} />
            </span>
            {status.isFetching && <Spinner size="small" accessibilityLabel="Checking" />}
          </InlineStack>
          <InlineStack gap="200">
            <Button onClick={() => void status.refetch()}>Check again</Button>
            <Button variant="primary" onClick={openEditor} disabled={!account}>
              {status.isEnabled ? 'Open Theme Editor' : 'Activate in Theme Editor'}
            </Button>
          </InlineStack>
        </InlineStack>
        <Text as="p" tone="subdued">
          {status.isEnabled === undefined
            ? 'The status could not be read from Shopify yet; it is checked again every few seconds.'
            : status.isEnabled
              ? 'Protection starts before your store page is shown. Nothing else to do.'
              : 'The button opens your Theme Editor with the app embed switched on. Click Save there; this page turns to On by itself.'}
        </Text>
        {status.isEnabled === false && (
          <Banner tone="critical" title="What your store gets while the app embed is off">
            <Text as="p">{WITHOUT_EMBED_TEXT}</Text>
          </Banner>
        )}
      </BlockStack>
    </Card>
  );
}
