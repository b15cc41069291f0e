// Plan gates, enforced by the server: a call that names a feature in the contracts' `api`
// table is refused with 403 when the shop's plan lacks it (the admin only mirrors this).
//
// | Call                      | Feature     | Free | Premium | Pay-As-You-Go |
// |---------------------------|-------------|------|---------|---------------|
// | getAdminAccess (reads)    | —  (open)   | yes  | yes     | yes           |
// | /api/asnBlocker/*, and    | asnBlocker  | no   | yes     | yes           |
// |   quickAction blockAsn    |             |      |         |               |
// | /api/referrerBlocker/*    | referrer…   | no   | yes     | yes           |
// | every other call so far   | —  (open)   | yes  | yes     | yes           |
//
// The paid-only calls (Admin Access changes, the Bot/VPN blocker, Fraud
// Protect, the firewall, CSV export…) arrive with their features and carry `feature:` in the
// contracts; this table grows with them. A FROZEN or CANCELLED subscription gives Free's
// features (shops.plan is kept true by subscription-status.ts).
import { planIncludes, type Feature } from '@gatehouse/contracts';
import type { Shop } from './db/schema.js';
import { forbidden } from './errors.js';

export const UPGRADE_MESSAGE =
  'This feature requires an Premium or Pay-As-You-Go subscription. Please upgrade your plan.';

/** Throws the 403 the admin shows as its Upgrade dialog when the shop's plan lacks `feature`. */
export function requireFeature(shop: Pick<Shop, 'plan'>, feature: Feature): void {
  if (!planIncludes(shop.plan, feature)) throw forbidden(UPGRADE_MESSAGE);
}
