// /extensions: the warning when the app embed turned off, why the app embed matters, whether it
// is on in the live theme, the button that
// switches it on in the theme editor, a step-by-step guide, what to do after a theme change, and
// the storefront's measured speed.
import { BlockStack, Card, Layout, Page, Text } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { ExtensionExplanation } from '../../../components/extension-explanation.js';
import { EmbedOffBanner } from './embed-off-banner.js';
import { EmbedStatusCard } from './embed-status-card.js';
import { AfterThemeChange, InstallGuide } from './install-guide.js';
import { SpeedCard } from './speed-card.js';
import './extensions.css';

export function ExtensionsPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <EmbedOffBanner />
            <EmbedStatusCard />
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Why should you activate {PRODUCT_NAME} Extension?
                </Text>
                <ExtensionExplanation />
              </BlockStack>
            </Card>
            <InstallGuide />
            <AfterThemeChange />
            <SpeedCard />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
