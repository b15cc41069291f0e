// What /loginComplete and /personate show while they spend their one-time token: a short
// wait message, or the failure and a way back to the login form.
import { Banner, BlockStack, Button, InlineStack, Spinner, Text } from '@shopify/polaris';
import { AuthCard } from './auth-card.js';

export function SessionStart({ failure }: { failure: string | null }) {
  return (
    <AuthCard>
      {failure === null ? (
        <BlockStack gap="400" inlineAlign="center">
          <Spinner accessibilityLabel="Signing in" size="large" />
          <Text as="p" variant="headingMd" alignment="center">
            Getting ready, just a few seconds.
          </Text>
        </BlockStack>
      ) : (
        <BlockStack gap="400">
          <Banner tone="critical" title="We could not sign you in">
            <p>{failure}</p>
          </Banner>
          <InlineStack align="center">
            <Button variant="primary" url="/login">
              Back to login
            </Button>
          </InlineStack>
        </BlockStack>
      )}
    </AuthCard>
  );
}
