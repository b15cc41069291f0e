// The footer extension banner (SPEC.md §2, §4): "Enable" goes to /extensions; "Do not show
// again" records that on the server and reloads the page once it agreed.
import { useState } from 'react';
import { Banner, Box } from '@shopify/polaris';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { callApi } from '../../lib/api-client.js';

export const FOOTER_EXTENSION_TEXT = `Please enable the ${PRODUCT_NAME} app extension to enhance protection efficiency.`;

export function FooterExtensionBanner() {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);

  const doNotShowAgain = async () => {
    setSaving(true);
    const outcome = await callApi('setExtensionEnabled', {});
    setSaving(false);
    if (outcome.result) window.location.reload();
  };

  return (
    <Box paddingInline="400" paddingBlockStart="400">
      <Banner
        tone="info"
        action={{ content: 'Enable', onAction: () => void navigate('/extensions') }}
        secondaryAction={{
          content: 'Do not show again',
          onAction: () => void doNotShowAgain(),
          ...(saving ? { disabled: true } : {}),
        }}
      >
        <p>{FOOTER_EXTENSION_TEXT}</p>
      </Banner>
    </Box>
  );
}
