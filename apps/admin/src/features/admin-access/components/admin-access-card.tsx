// The dashboard's Admin Access card: shows the mode; toggling it on a Pro store opens the
// storefront, which sets the mode for this device, and asks the merchant to confirm; both
// answers re-read the mode and toast a change. Other stores see the "Upgrade plan" dialog.
import { useState } from 'react';
import { Badge, BlockStack, Button, Card, InlineStack, Modal, Text } from '@shopify/polaris';
import { UpgradeDialog } from '../../../components/upgrade-dialog.js';
import { useAppState } from '../../../lib/app-state.js';
import { showToast } from '../../../lib/toast-store.js';
import { useArmAdminAccess } from '../api/use-arm-admin-access.js';
import { useReadAdminAccessMode } from '../api/use-read-admin-access-mode.js';
import { ADMIN_ACCESS_UPGRADE_TEXT, adminAccessToast, adminAccessUrl } from '../admin-access.js';

export function AdminAccessCard() {
  const { account, isPro, adminAccessMode } = useAppState();
  const arm = useArmAdminAccess();
  const readMode = useReadAdminAccessMode();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [pending, setPending] = useState<boolean | null>(null);

  const toggle = async () => {
    if (!isPro || !account) {
      setUpgradeOpen(true);
      return;
    }
    const desired = !adminAccessMode;
    // Open the window inside the click (popup blockers), arm the shop so the storefront
    // accepts this device, then send the window to the store.
    const win = window.open('about:blank', '_blank');
    const armed = await arm.call({ enabled: desired });
    if (!armed.result) {
      win?.close();
      return;
    }
    const url = adminAccessUrl(account.storeUrl, account.shopId, desired);
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
    setPending(desired);
  };

  const recheck = async () => {
    const before = adminAccessMode;
    const outcome = await readMode.call();
    setPending(null);
    if (!outcome.result) return;
    const now = outcome.data.isAdminAccessMode;
    if (now !== before) showToast(adminAccessToast(now));
  };

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h3" variant="headingMd">
            Admin Access
          </Text>
          <Badge tone={adminAccessMode ? 'success' : undefined}>
            {adminAccessMode ? 'Enabled' : 'Disabled'}
          </Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          When enabled, all visits from this device are whitelisted and bypass every filter. You
          need to enable it once per device.
        </Text>
        <InlineStack>
          <Button onClick={() => void toggle()}>
            {adminAccessMode ? 'Disable Admin Access' : 'Enable Admin Access'}
          </Button>
        </InlineStack>
      </BlockStack>

      <UpgradeDialog
        open={upgradeOpen}
        onClose={() => setUpgradeOpen(false)}
        title="Upgrade plan"
        status="critical"
      >
        <p>{ADMIN_ACCESS_UPGRADE_TEXT}</p>
      </UpgradeDialog>

      <Modal
        open={pending !== null}
        onClose={() => void recheck()}
        title="Set Admin Access"
        primaryAction={{
          content: 'Confirm',
          loading: readMode.isPending,
          onAction: () => void recheck(),
        }}
        secondaryActions={[{ content: 'Cancel', onAction: () => void recheck() }]}
      >
        <Modal.Section>
          <Text as="p">
            You should be able to see a pop-up on your website that reads &apos;Admin Access mode{' '}
            {pending ? 'enabled' : 'disabled'}.&apos;
          </Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
