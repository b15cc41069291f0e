// /notSupportStore: why this store cannot use the app and what the merchant can do about it.
// Reachable signed out too (then it explains both cases); signed in, it names the store's case.
import { Banner, BlockStack, Button, Card, InlineStack, List, Page, Text } from '@shopify/polaris';
import { PRODUCT_NAME, type AccountInfo, type UnsupportedReason } from '@gatehouse/contracts';
import { useAppState } from '../../../lib/app-state.js';
import { SUPPORT_EMAIL, SUPPORT_RESPONSE_HOURS } from '../../../lib/constants.js';
import { pageTitles } from '../../../lib/pages.js';

interface Case {
  heading: string;
  why: string;
  todo: string[];
}

const cases: Record<UnsupportedReason, Case> = {
  noOnlineStore: {
    heading: 'Your Shopify plan has no online store theme',
    why: `${PRODUCT_NAME} protects your online store by running inside your theme, as a theme app extension. Plans without an online store theme (such as Starter) sell through links, social media and the point of sale only, so there is no storefront for ${PRODUCT_NAME} to protect.`,
    todo: [
      'Upgrade your Shopify plan to one with an online store (Basic or higher) in your Shopify admin, under Settings → Plan.',
      `Publish a theme under Online Store → Themes, then open ${PRODUCT_NAME} again.`,
    ],
  },
  storeClosed: {
    heading: 'Your store is closed or frozen on Shopify',
    why: `Shopify has closed, frozen or paused this store, so it shows no storefront. ${PRODUCT_NAME} has nothing to protect until it is open again.`,
    todo: [
      'Reopen the store, or settle an outstanding Shopify bill, in your Shopify admin under Settings → Plan.',
      `Open ${PRODUCT_NAME} again once your store is open: your rules are kept.`,
    ],
  },
};

function CaseCard({ c }: { c: Case }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {c.heading}
        </Text>
        <Text as="p">{c.why}</Text>
        <Text as="h3" variant="headingSm">
          What you can do
        </Text>
        <List type="number">
          {c.todo.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </BlockStack>
    </Card>
  );
}

function intro(account: AccountInfo | undefined): string {
  if (!account) {
    return `${PRODUCT_NAME} works on Shopify stores with an open online store. These stores cannot use it:`;
  }
  const store = `${account.shopName} (${account.domain}, Shopify plan: ${account.platformPlanName || 'unknown'})`;
  return account.unsupportedReason
    ? `${store} cannot use ${PRODUCT_NAME} right now.`
    : `${store} can use ${PRODUCT_NAME}. Stores in these cases cannot:`;
}

export function NotSupportStorePage() {
  const title = pageTitles.notSupportStore;
  const { account } = useAppState();
  const reason = account?.unsupportedReason ?? null;
  const shown = reason ? [cases[reason]] : Object.values(cases);
  return (
    <Page title={title} narrowWidth>
      <BlockStack gap="400">
        <Banner tone={account && !reason ? 'success' : 'warning'}>
          <Text as="p">{intro(account)}</Text>
        </Banner>
        {shown.map((c) => (
          <CaseCard key={c.heading} c={c} />
        ))}
        <Card>
          <BlockStack gap="200">
            <Text as="p">
              Think your store should be supported? Write to us at{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>; we answer within{' '}
              {SUPPORT_RESPONSE_HOURS} hours.
            </Text>
            {account && (
              <InlineStack gap="200">
                {!reason && <Button url="/dashboard">Go to the dashboard</Button>}
                <Button url={account.adminUrl} external>
                  Back to Shopify
                </Button>
              </InlineStack>
            )}
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}
