// /dashboard as the app composes it: the dashboard feature's page with the Admin Access
// feature's card among its call-to-action cards.
import { AdminAccessCard } from '../../features/admin-access/components/admin-access-card.js';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.js';

export function DashboardRoute() {
  return <DashboardPage adminAccessCard={<AdminAccessCard />} />;
}
