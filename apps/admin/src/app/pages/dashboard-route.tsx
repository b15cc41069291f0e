// /dashboard as the app composes it: the dashboard feature's page with the Admin Access
// feature's card among its call-to-action cards, the Extensions feature's warning that the
// app embed turned off, and the visitor log's word that blocked shoppers asked for access.
import { AdminAccessCard } from '../../features/admin-access/components/admin-access-card.js';
import { useAppEmbedWarning } from '../../features/extensions/api/use-app-embed-warning.js';
import { EmbedOffBanner } from '../../features/extensions/components/embed-off-banner.js';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.js';
import {
  AccessRequestsNotice,
  useOpenAccessRequests,
} from '../../features/visitor-logs/components/access-requests-notice.js';

export function DashboardRoute() {
  // The banner reads the same query: the dashboard gives it a place only while it has something
  // to say.
  const embedOff = useAppEmbedWarning() !== null;
  const openRequests = useOpenAccessRequests();
  return (
    <DashboardPage
      adminAccessCard={<AdminAccessCard />}
      embedWarning={embedOff ? <EmbedOffBanner /> : null}
      accessRequestsNotice={openRequests > 0 ? <AccessRequestsNotice open={openRequests} /> : null}
    />
  );
}
