// The master switch (the shop's isAppDisabled, shown the other way round). It takes effect at
// once rather than with the save bar; turning protection off asks first, since every visitor is
// then let in.
import { useState } from 'react';
import { Badge, BlockStack, Button, Card, InlineStack, Modal, Text } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';

export function AppStatusCard({
  enabled,
  busy,
  onSet,
}: {
  enabled: boolean;
  busy: boolean;
  onSet: (enabled: boolean) => Promise<boolean>;
}) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="400">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              App status
            </Text>
            <Badge tone={enabled ? 'success' : 'critical'}>
              {enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </InlineStack>
          <Button
            variant={enabled ? 'secondary' : 'primary'}
            loading={busy}
            onClick={() => (enabled ? setConfirmOpen(true) : void onSet(true))}
          >
            {enabled ? 'Disable' : 'Enable'}
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued">
          {enabled
            ? `${PRODUCT_NAME} is protecting your store with the rules you set.`
            : `${PRODUCT_NAME} is disabled: every visitor is let in and no rule is applied.`}
        </Text>
      </BlockStack>
      <Modal
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={`Disable ${PRODUCT_NAME}?`}
        primaryAction={{
          content: 'Disable',
          destructive: true,
          loading: busy,
          onAction: async () => {
            if (await onSet(false)) setConfirmOpen(false);
          },
        }}
        secondaryActions={[{ content: 'Cancel', onAction: () => setConfirmOpen(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            While the app is disabled, all functions are suspended: every visitor can open your
            store, including those your rules block. You can enable it again at any time.
          </Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
