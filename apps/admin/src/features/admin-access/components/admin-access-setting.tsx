// General Settings' Admin Access field: whether Admin Access is in force for the store, a Pro
// feature, with the same line as the dashboard's card saying how many devices are marked and
// whether this browser is one. On other plans, switching it on shows the "Upgrade plan"
// critical modal instead.
import { useState } from 'react';
import { BlockStack, Card, Checkbox, Text } from '@shopify/polaris';
import { UpgradeDialog } from '../../../components/upgrade-dialog.js';
import { useAppState } from '../../../lib/app-state.js';
import { useAdminAccessStatus } from '../api/use-admin-access-status.js';
import { ADMIN_ACCESS_UPGRADE_TEXT, adminAccessStatusText } from '../admin-access.js';

export interface AdminAccessSettingProps {
  /** The stored setting (the wire's `adminAccessEnabled`), not the device's mode. */
  enabled: boolean;
  onChange: (enabled: boolean) => void;
}

export function AdminAccessSetting({ enabled, onChange }: AdminAccessSettingProps) {
  const { isPro } = useAppState();
  const { status, device } = useAdminAccessStatus();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Admin Access
        </Text>
        <Checkbox
          label="Let marked devices bypass every filter"
          helpText="Mark a device from the dashboard's Admin Access card, in that device's browser: its visits are always let in, so you can check your store from a blocked country."
          checked={enabled}
          onChange={(checked) => {
            // Turning it off is always allowed, also after a downgrade.
            if (checked && !isPro) setUpgradeOpen(true);
            else onChange(checked);
          }}
        />
        {status && (
          <Text as="p" tone="subdued">
            {adminAccessStatusText(status, device !== undefined)}
          </Text>
        )}
      </BlockStack>
      <UpgradeDialog
        open={upgradeOpen}
        onClose={() => setUpgradeOpen(false)}
        title="Upgrade plan"
        status="critical"
      >
        <p>{ADMIN_ACCESS_UPGRADE_TEXT}</p>
      </UpgradeDialog>
    </Card>
  );
}
