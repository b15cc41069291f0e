// Publishes the version of a shop's rules to the store (the app metafield policy_version the
// app-embed block renders), sent by every change of the shop's rules or settings. The version is
// read from the stored rules when the job runs, not when it was sent, so jobs that run late or
// twice still publish the rules as they are; one at a time per instance, so a slow older job
// does not write over a newer one here. A platform failure fails the attempt, which the queue
// retries with backoff; until it lands, later page views wait for their decision (the tokens
// name the new version, the store the old one), which is safe.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../core/db/schema.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import { setAppMetafields } from '../../core/platform/app-metafields.js';
import { policyVersion } from '../../protection/policy-version.js';

export const POLICY_VERSION_JOB = 'storefront-policy-version';

export interface PolicyVersionData {
  shopId: string;
}

export function policyVersionJob(app: FastifyInstance): JobDefinition<PolicyVersionData> {
  return {
    name: POLICY_VERSION_JOB,
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    retryDelayMaxSeconds: 10 * 60,
    expireInSeconds: 120,
    concurrency: 1,
    async handle({ data }) {
      const [shop] = await app.db
        .select()
        .from(shops)
        .where(and(eq(shops.id, data.shopId), isNull(shops.uninstalledAt)));
      if (!shop) return { published: null };
      const version = policyVersion(await app.blockers.ruleSet(app.db, shop));
      await setAppMetafields(app, shop.domain, [
        { key: 'policy_version', type: 'single_line_text_field', value: version },
      ]);
      return { published: version };
    },
  };
}
