// Plan gates, enforced by the server: a call that names a feature in the contracts' `api`
// table (`feature:`, e.g. every call of a paid list blocker) is refused with 403 when the
// shop's plan lacks it (the admin only mirrors this); which plan has which feature is the
// contracts' plans.ts. Calls without a feature are open on every plan; a change made another
// way (a visitor-log quick action, an Admin Access change) calls requireFeature itself. A
// blocker whose rules a plan does not include keeps its entries but does not apply them (its
// loader marks them off). A FROZEN or CANCELLED subscription gives Free's features
// (shops.plan is kept true by subscription-status.ts).
import { planIncludes, type Feature } from '@gatehouse/contracts';
import type { Shop } from './db/schema.js';
import { forbidden } from './errors.js';

export const UPGRADE_MESSAGE =
  'This feature requires an Premium or Pay-As-You-Go subscription. Please upgrade your plan.';

/** Throws the 403 the admin shows as its Upgrade dialog when the shop's plan lacks `feature`. */
export function requireFeature(shop: Pick<Shop, 'plan'>, feature: Feature): void {
  if (!planIncludes(shop.plan, feature)) throw forbidden(UPGRADE_MESSAGE);
}
