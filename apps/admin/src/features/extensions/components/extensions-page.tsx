// /extensions: the warning when the app embed turned off, why the app embed matters, whether it
// is on in the live theme, the button that switches it on in the theme editor, a step-by-step
// guide, what to do after a theme change, and the storefront's measured speed. The page shows
// its cards once the embed's status and its warning are in (both asked for as the app opens
// here), so the warnings they decide are laid out from the first paint and never push the
// guide down as they arrive.
import { BlockStack, Card, Layout, Page, Text } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { ExtensionExplanation } from '../../../components/extension-explanation.js';
import { PageSkeleton } from '../../../components/page-skeleton.js';
import { useAppEmbedWarningQuery } from '../api/use-app-embed-warning.js';
import { useEmbedStatus } from '../api/use-embed-status.js';
import { EmbedOffBanner } from './embed-off-banner.js';
import { EmbedStatusCard } from './embed-status-card.js';
import { AfterThemeChange, InstallGuide } from './install-guide.js';
import { SpeedCard } from './speed-card.js';
import './extensions.css';
import { pageTitles } from '../../../lib/pages.js';

export function ExtensionsPage() {
  const title = pageTitles.extensions;
  const status = useEmbedStatus();
  const warning = useAppEmbedWarningQuery();
  if (!status.isSettled || !warning.isSettled) return <PageSkeleton title={title} lines={4} />;
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
