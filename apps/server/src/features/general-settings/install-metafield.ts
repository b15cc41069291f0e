// The storefront's first settings, written by the post-install job the OAuth callback sends, so
// sign-in never waits for them or fails because of them (a failed attempt is retried by the job
// queue): where the app lives (api_origin = APP_URL) and the merchant's decision time-out
// (timeout_ms), written again when the merchant changes it. The policy version follows every
// change of the rules, the post-install step's included.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generalSettings } from '../../protection/protection-schema.js';
import { shops } from '../../core/db/schema.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import { POST_INSTALL_JOB, type PostInstallData } from '../../core/jobs/post-install.js';
import { setAppMetafields, type AppMetafield } from '../../core/platform/app-metafields.js';

/** What the storefront block reads, as it stands for this shop (the policy version has its own job). */
async function storefrontMetafields(app: FastifyInstance, domain: string): Promise<AppMetafield[]> {
  const [row] = await app.db
    .select({ timeoutMs: generalSettings.timeoutMs })
    .from(generalSettings)
    .innerJoin(shops, eq(shops.id, generalSettings.shopId))
    .where(eq(shops.domain, domain));
  return [
    { key: 'api_origin', type: 'single_line_text_field', value: app.config.appUrl },
    ...(row
      ? [{ key: 'timeout_ms', type: 'number_integer', value: String(row.timeoutMs) } as const]
      : []),
  ];
}

/**
 * The post-install job's storefront step, sent by the OAuth callback after every install or
 * sign-in: the shop's cached policy is rebuilt (here at once, on the other instances through
 * the change notifier) and the metafields are set. A platform failure fails the attempt,
 * which the queue retries with backoff.
 */
export function postInstallJob(app: FastifyInstance): JobDefinition<PostInstallData> {
  return {
    name: POST_INSTALL_JOB,
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    retryDelayMaxSeconds: 10 * 60,
    expireInSeconds: 120,
    concurrency: 2,
    async handle({ data }) {
      app.protection.policies.forget(data.shop);
      await app.protection.changed(data.shopId);
      await setAppMetafields(app, data.shop, await storefrontMetafields(app, data.shop));
      return { metafields: 'set' };
    },
  };
}
