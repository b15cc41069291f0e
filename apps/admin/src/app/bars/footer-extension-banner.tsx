// The footer extension banner: "Enable" goes to /extensions; "Do not show again" records that on
// the server and reloads the page once it agreed.
import { Banner, Box } from '@shopify/polaris';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useHideExtensionBanner } from '../api/use-hide-extension-banner.js';
import { paths } from '../../lib/pages.js';

export const FOOTER_EXTENSION_TEXT = `Please enable the ${PRODUCT_NAME} app extension to enhance protection efficiency.`;

export function FooterExtensionBanner() {
  const navigate = useNavigate();
  const hideBanner = useHideExtensionBanner();

  const doNotShowAgain = async () => {
    const outcome = await hideBanner.call({});
    if (outcome.result) window.location.reload();
  };

  return (
    <Box paddingInline="400" paddingBlockStart="400">
      <Banner
        tone="info"
        action={{ content: 'Enable', onAction: () => void navigate(paths.extensions) }}
        secondaryAction={{
          content: 'Do not show again',
          onAction: () => void doNotShowAgain(),
          ...(hideBanner.isPending ? { disabled: true } : {}),
        }}
      >
        <p>{FOOTER_EXTENSION_TEXT}</p>
      </Banner>
    </Box>
  );
}
