// The storefront's settings travel as app-data metafields on the app installation (namespace
// gatehouse), which the app-embed block reads as `app.metafields.gatehouse.<key>`: where the
// app lives (api_origin = APP_URL) and the merchant's decision time-out (timeout_ms). They are
// written by the post-install job the OAuth callback sends, so sign-in never waits for them or
// fails because of them (a failed attempt is retried by the job queue), and again when the
// merchant changes the time-out.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generalSettings } from '../../db/protection-schema.js';
import { shops } from '../../db/schema.js';
import type { JobDefinition } from '../../jobs/job-queue.js';
import { POST_INSTALL_JOB, type PostInstallData } from '../../jobs/post-install.js';
import type { SharedDeadline } from '../../platform/platform-call.js';
import { PlatformError } from '../../platform/platform-error.js';

interface MetafieldsSetData {
  metafieldsSet: { userErrors: { field: string[] | null; message: string }[] } | null;
}

export interface AppMetafield {
  key: 'api_origin' | 'timeout_ms';
  type: 'single_line_text_field' | 'number_integer';
  value: string;
}

/**
 * Sets the metafields: two platform calls (the installation's id, then the values) within one
 * deadline, the caller's when it has one (a merchant's request started it).
 */
export async function setAppMetafields(
  app: FastifyInstance,
  domain: string,
  metafields: AppMetafield[],
  options: SharedDeadline = {},
): Promise<void> {
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, domain));
  const token = shop ? app.tokens.accessTokenOf(shop) : null;
  if (!shop || !token) return;
  const deadline = options.deadline ?? app.platform.flowDeadline();
  const installation = await app.platform.graphql<{ currentAppInstallation: { id: string } }>(
    domain,
    token,
    'query GatehouseInstallation { currentAppInstallation { id } }',
    undefined,
    { deadline },
  );
  const data = await app.platform.graphql<MetafieldsSetData>(
    domain,
    token,
    `
      mutation GatehouseAppMetafields($metafields: [MetafieldsSetInput!]!) {
        metafieldsSet(metafields: $metafields) {
          metafields {
            id
          }
          userErrors {
            field
            message
          }
        }
      }
    `,
    {
      metafields: metafields.map((m) => ({
        ownerId: installation.currentAppInstallation.id,
        namespace: 'gatehouse',
        ...m,
      })),
    },
    { deadline },
  );
  const errors = data.metafieldsSet?.userErrors ?? [];
  if (errors.length > 0) throw new PlatformError(errors.map((e) => e.message).join('; '));
}

/** Everything the storefront block reads, as it stands for this shop. */
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
