// The info banner: the platform logs arrivals before third-party apps run, so blocked visitors can
// still show up in its reports.
import { Banner } from '@shopify/polaris';
import { openContactDialog } from '../../../lib/shell-dialogs.js';

export function ReportsCaveatBanner() {
  return (
    <Banner tone="info" action={{ content: 'Contact us', onAction: openContactDialog }}>
      <p>
        Blocked visitors may still appear in Shopify&apos;s own reports: Shopify logs every arrival
        before third-party apps run. If you want to avoid this, please contact us.
      </p>
    </Banner>
  );
}
