// /dashboard (SPEC.md §2): greeting, the empty-whitelist warning, report range, stat cards,
// the chart of allowed and blocked visits over the range, the Pay-as-you-go panel, the
// platform-reports caveat and the call-to-action cards.
import { useState, type ReactNode } from 'react';
import { BlockStack, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import type { DashboardData, TimeSeries } from '@gatehouse/contracts';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';
import { useAppState } from '../../../lib/app-state.js';
import { DEFAULT_REPORT_RANGE } from '../../../lib/constants.js';
import { CtaCards } from './cta-cards.js';
import { EmptyWhitelistBanner } from '../../../components/empty-whitelist-banner.js';
import { PaygPanel } from './payg-panel.js';
import { ReportRange } from './report-range.js';
import { ReportsCaveatBanner } from './reports-caveat-banner.js';
import { StatCards } from './stat-cards.js';
import { VisitsChart } from './visits-chart.js';

const noData: DashboardData = {
  blockLists: 0,
  fraudProtect: 0,
  asnBlocker: 0,
  ipBlocker: 0,
  regionBlocker: 0,
  vpn: 0,
  usage: 0,
};
const noSeries: TimeSeries = { bucket: 'hour', buckets: [] };

/** `adminAccessCard` is the Admin Access feature's card, composed in by the app. */
export function DashboardPage({ adminAccessCard }: { adminAccessCard: ReactNode }) {
  const { account } = useAppState();
  const [days, setDays] = useState(DEFAULT_REPORT_RANGE);
  const stats = useApiQuery('getDashboardData', { days }, { defaultData: noData });
  const series = useApiQuery('getTimeSeries', { days }, { defaultData: noSeries });
  const emptyWhitelist = useApiQuery('checkEmptyWhiteLists', {}, { defaultData: false });

  return (
    <Page title="Dashboard">
      <Layout>
        <Layout.Section>
          <BlockStack gap="100">
            <Text as="h2" variant="headingLg">
              {account?.shopName ? `Hi, ${account.shopName}` : 'Hi'}
            </Text>
            <Text as="p" tone="subdued">
              Welcome to {PRODUCT_NAME}.
            </Text>
          </BlockStack>
        </Layout.Section>
        {emptyWhitelist.data === true && (
          <Layout.Section>
            <EmptyWhitelistBanner />
          </Layout.Section>
        )}
        <Layout.Section>
          <InlineStack align="end">
            <ReportRange
              days={days}
              onChange={setDays}
              onReload={() => {
                void stats.refetch();
                void series.refetch();
                void emptyWhitelist.refetch();
              }}
              loading={stats.isFetching || series.isFetching}
            />
          </InlineStack>
        </Layout.Section>
        <Layout.Section>
          <StatCards data={stats.data} />
        </Layout.Section>
        <Layout.Section>
          <VisitsChart data={series.data} loading={series.isFetching} />
        </Layout.Section>
        {account?.isPayg && (
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
