// General Settings' Admin Access field: whether Admin Access is offered at all, a Pro feature.
// On other plans, switching it on shows the "Upgrade plan" critical modal instead.
import { useState } from 'react';
import { BlockStack, Card, Checkbox, Text } from '@shopify/polaris';
import { UpgradeDialog } from '../../../components/upgrade-dialog.js';
import { useAppState } from '../../../lib/app-state.js';
import { ADMIN_ACCESS_UPGRADE_TEXT } from '../admin-access.js';

export interface AdminAccessSettingProps {
  /** The stored setting (the wire's `adminAccessEnabled`), not the device's mode. */
  enabled: boolean;
  onChange: (enabled: boolean) => void;
}

export function AdminAccessSetting({ enabled, onChange }: AdminAccessSettingProps) {
  const { isPro } = useAppState();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Admin Access
        </Text>
        <Checkbox
          label="Enable Admin Access"
          helpText="Devices you mark from the dashboard's Admin Access card are always let in and bypass every filter, so you can check your store from a blocked country."
          checked={enabled}
          onChange={(checked) => {
            // Turning it off is always allowed, also after a downgrade.
            if (checked && !isPro) setUpgradeOpen(true);
            else onChange(checked);
          }}
        />
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
