// The dashboard's Admin Access card: Enabled when this browser is a marked device that Admin
// Access lets in, with a line saying how many devices are marked and whether this is one.
// Toggling it on a Pro store opens the storefront, which marks or unmarks this browser, and
// asks the merchant to confirm; both answers re-read where Admin Access stands and toast a
// change for this device. Other stores see the "Upgrade plan" dialog.
import { useState } from 'react';
import {
  Badge,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Modal,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { UpgradeDialog } from '../../../components/upgrade-dialog.js';
import { useAppState } from '../../../lib/app-state.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAdminAccessStatus } from '../api/use-admin-access-status.js';
import { useArmAdminAccess } from '../api/use-arm-admin-access.js';
import {
  ADMIN_ACCESS_UPGRADE_TEXT,
  adminAccessStatusText,
  adminAccessToast,
  adminAccessUrl,
} from '../admin-access.js';

export function AdminAccessCard() {
  const { account, isPro } = useAppState();
  const { status, device, settled, refetch } = useAdminAccessStatus();
  const arm = useArmAdminAccess();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [pending, setPending] = useState<boolean | null>(null);
  const [rechecking, setRechecking] = useState(false);
  const mode = status?.isAdminAccessMode ?? false;

  const toggle = async () => {
    if (!isPro || !account) {
      setUpgradeOpen(true);
      return;
    }
    const desired = !mode;
    // Open the window inside the click (popup blockers), arm the shop so the storefront
    // accepts this browser, then send the window to the store.
    const win = window.open('about:blank', '_blank');
    const armed = await arm.call({ enabled: desired, ...(device ? { device } : {}) });
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
    setRechecking(true);
    const read = await refetch();
    setRechecking(false);
    setPending(null);
    const now = read.data?.isAdminAccessMode;
    if (now !== undefined && now !== mode) showToast(adminAccessToast(now));
  };

  return (
    <Card>
      <section aria-label="Admin Access">
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h3" variant="headingMd">
              Admin Access
            </Text>
            {status && (
              <Badge tone={mode ? 'success' : undefined}>{mode ? 'Enabled' : 'Disabled'}</Badge>
            )}
          </InlineStack>
          <Text as="p" tone="subdued">
            When enabled, all visits from this device are whitelisted and bypass every filter. You
            need to enable it once per device.
          </Text>
          {status ? (
            <Text as="p">{adminAccessStatusText(status, device !== undefined)}</Text>
          ) : (
            !settled && <SkeletonBodyText lines={1} />
          )}
          <InlineStack>
            <Button onClick={() => void toggle()} disabled={!settled}>
              {mode ? 'Disable Admin Access' : 'Enable Admin Access'}
            </Button>
          </InlineStack>
        </BlockStack>
      </section>

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
          loading: rechecking,
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
