// /dashboard: greeting, the empty-whitelist warning, report range, stat cards, the chart of allowed
// and blocked visits over the range, the Pay-as-you-go panel, the platform-reports caveat and the
// call-to-action cards. Counts that failed to load are not shown as zeros: an error with Retry
// takes their place.
import { useState, type ReactNode } from 'react';
import { Banner, BlockStack, Box, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useAppState } from '../../../lib/app-state.js';
import { DEFAULT_REPORT_RANGE } from '../../../lib/constants.js';
import { useDashboardData } from '../api/use-dashboard-data.js';
import { useEmptyWhitelist } from '../api/use-empty-whitelist.js';
import { useTimeSeries } from '../api/use-time-series.js';
import { CtaCards } from './cta-cards.js';
import { EmptyWhitelistBanner } from '../../../components/empty-whitelist-banner.js';
import { PaygPanel } from './payg-panel.js';
import { ReportRange } from './report-range.js';
import { ReportsCaveatBanner } from './reports-caveat-banner.js';
import { StatCards } from './stat-cards.js';
import { VisitsChart } from './visits-chart.js';
import { pageTitles } from '../../../lib/pages.js';

/**
 * `adminAccessCard` is the Admin Access feature's card, `embedWarning` the Extensions
 * feature's warning that the app embed turned off and `accessRequestsNotice` the visitor log's
 * word that blocked shoppers asked for access, all composed in by the app.
 */
export function DashboardPage({
  adminAccessCard,
  embedWarning,
  accessRequestsNotice = null,
}: {
  adminAccessCard: ReactNode;
  /** Null while there is nothing to warn of. */
  embedWarning: ReactNode;
  /** Null while no request waits. */
  accessRequestsNotice?: ReactNode;
}) {
  const { account } = useAppState();
  const [days, setDays] = useState(DEFAULT_REPORT_RANGE);
  const stats = useDashboardData(days);
  const series = useTimeSeries(days);
  const emptyWhitelist = useEmptyWhitelist();
  const reload = () => {
    void stats.refetch();
    void series.refetch();
    void emptyWhitelist.refetch();
  };
  const failed = stats.isError || series.isError;
  const fetching = stats.isFetching || series.isFetching;
  // Small screens draw cards edge to edge; text outside a card keeps the page's margin.
  const outsideCard = { xs: '400', sm: '0' } as const;

  return (
    <Page title={pageTitles.dashboard}>
      <Layout>
        <Layout.Section>
          <Box paddingInline={outsideCard}>
            <BlockStack gap="100">
              <Text as="h2" variant="headingLg">
                {account?.shopName ? `Hi, ${account.shopName}` : 'Hi'}
              </Text>
              <Text as="p" tone="subdued">
                Welcome to {PRODUCT_NAME}.
              </Text>
            </BlockStack>
          </Box>
        </Layout.Section>
        {embedWarning && <Layout.Section>{embedWarning}</Layout.Section>}
        {accessRequestsNotice && <Layout.Section>{accessRequestsNotice}</Layout.Section>}
        {emptyWhitelist.data === true && (
          <Layout.Section>
            <EmptyWhitelistBanner />
          </Layout.Section>
        )}
        <Layout.Section>
          <Box paddingInline={outsideCard}>
            <InlineStack align="end">
              <ReportRange days={days} onChange={setDays} onReload={reload} loading={fetching} />
            </InlineStack>
          </Box>
        </Layout.Section>
        {failed ? (
          <Layout.Section>
            <Banner
              tone="critical"
              title="The dashboard's figures could not be loaded"
              action={{ content: 'Retry', onAction: reload, loading: fetching }}
            >
              <p>Your protection is not affected. Try again in a moment.</p>
            </Banner>
          </Layout.Section>
        ) : (
          <>
            <Layout.Section>
              <StatCards data={stats.isSettled ? stats.data : undefined} />
            </Layout.Section>
            <Layout.Section>
              <VisitsChart data={series.data} loading={series.isFetching} />
            </Layout.Section>
          </>
        )}
        {account?.isPayg && !stats.isError && (
          <Layout.Section>
            <PaygPanel usage={stats.data.usage} />
          </Layout.Section>
        )}
        <Layout.Section>
          <ReportsCaveatBanner />
        </Layout.Section>
        <Layout.Section>
          <CtaCards first={adminAccessCard} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
