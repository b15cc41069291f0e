// Whether a store can use the app at all. Gatehouse protects an online store's storefront
// through a theme app extension, so a store whose platform plan has no online store (Starter,
// Lite) has nothing for it to protect, and a store the platform has closed or frozen shows no
// storefront until it is reopened. Either is sent to the unsupported-store page.
import type { UnsupportedReason } from '@gatehouse/contracts';

const NO_ONLINE_STORE = new Set(['starter', 'shopify starter', 'lite', 'shopify lite']);
const CLOSED = new Set(['frozen', 'cancelled', 'closed', 'fraudulent', 'dormant']);

/** The reason a store on the platform plan `planName` cannot use the app, or null. */
export function unsupportedReasonOf(planName: string): UnsupportedReason | null {
  const plan = planName.trim().toLowerCase();
  if (NO_ONLINE_STORE.has(plan)) return 'noOnlineStore';
  if (CLOSED.has(plan)) return 'storeClosed';
  return null;
}
