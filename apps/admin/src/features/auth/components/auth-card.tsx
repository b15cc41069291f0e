// The centred card the sign-in screens share: logo on top, content below.
import type { ReactNode } from 'react';
import { BlockStack, Box, Card, InlineStack, Page } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import logo from '../../../assets/logo.svg';

export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Page narrowWidth>
      <Box paddingBlockStart="1600">
        <Card padding="800">
          <BlockStack gap="500">
            <InlineStack align="center">
              <img src={logo} width={180} alt={PRODUCT_NAME} />
            </InlineStack>
            {children}
          </BlockStack>
        </Card>
      </Box>
    </Page>
  );
}
