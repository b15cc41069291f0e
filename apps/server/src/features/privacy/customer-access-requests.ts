// The access requests a customer sent from a block page, as the privacy webhooks find them:
// by the customer's email (in any case), or from the browser addresses of their orders.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { accessRequests } from '../../protection/access-requests-schema.js';

/** The condition on access_requests, or null when there is nothing to find them by. */
export function customerAccessRequests(
  shopId: string,
  email: string | null | undefined,
  ips: readonly string[],
): SQL | null {
  const byEmail = email?.trim()
    ? sql`lower(${accessRequests.email}) = ${email.trim().toLowerCase()}`
    : undefined;
  const byIp = ips.length > 0 ? inArray(accessRequests.ip, [...ips]) : undefined;
  if (!byEmail && !byIp) return null;
  return and(eq(accessRequests.shopId, shopId), or(byEmail, byIp)) ?? null;
}
