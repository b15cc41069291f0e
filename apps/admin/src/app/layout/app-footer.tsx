// The footer under every framed page: logo at width 150, name and version.
import { Box, InlineStack, Text } from '@shopify/polaris';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@gatehouse/contracts';
import logo from '../../assets/logo.svg';

export const FOOTER_LOGO_WIDTH = 150;

export function AppFooter() {
  return (
    <footer>
      <Box paddingBlock="800" paddingInline="400">
        <InlineStack align="center" blockAlign="center" gap="300">
          <img src={logo} width={FOOTER_LOGO_WIDTH} alt="" />
          <Text as="span" variant="bodyMd" fontWeight="semibold">
            {PRODUCT_NAME}
          </Text>
          <Text as="span" variant="bodySm" tone="subdued">
            ver {PRODUCT_VERSION}
          </Text>
        </InlineStack>
      </Box>
    </footer>
  );
}
