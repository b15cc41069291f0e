// The embed watch's jobs. The themes topics (themes/publish, themes/update) check the shop at
// once; as a backstop for a webhook the platform never sent, a sweep on a schedule (every few
// minutes, one run per occurrence across instances) sends one check job per watched shop (one
// waiting or running per shop), so the merchant hears of the embed turning off within minutes
// either way. The sweep reads the shops a page at a time, only their ids and scopes, so its
// cost stays flat however many shops are installed; when there are more checks than the
// workers get through in an interval, the one-per-shop rule keeps the queue from growing and
// each shop is simply checked as soon as the workers reach it.
import { and, asc, eq, gt, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../core/db/schema.js';
import type { TopicHandler } from '../../core/http/webhook-topic.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import { hasThemeScope } from '../../core/shops.js';
import { checkAppEmbed } from './embed-watch.js';

export const EMBED_CHECK_JOB = 'app-embed-check';
export const EMBED_SWEEP_JOB = 'app-embed-sweep';
export const EMBED_SWEEP_SCHEDULE = '*/5 * * * *';

export interface EmbedCheckData {
  shopId: string;
}

async function checkShop(app: FastifyInstance, where: SQL) {
  const [shop] = await app.db.select().from(shops).where(where);
  return shop ? { shop: shop.domain, found: await checkAppEmbed(app, shop) } : { found: 'noShop' };
}

/** themes/publish and themes/update: the live theme may have lost the embed; check now. */
const checkOnThemeChange: TopicHandler = (app, shopDomain) =>
  checkShop(app, eq(shops.domain, shopDomain));

export const embedWatchTopics: Record<string, TopicHandler> = {
  'themes/publish': checkOnThemeChange,
  'themes/update': checkOnThemeChange,
};

export function embedCheckJob(app: FastifyInstance): JobDefinition<EmbedCheckData> {
  return {
    name: EMBED_CHECK_JOB,
    policy: 'exclusive',
    // The next sweep checks again; a retry soon after a failure would likely fail alike.
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    concurrency: 2,
    handle: ({ data }) => checkShop(app, eq(shops.id, data.shopId)),
  };
}

/** How many shops the sweep reads at a time. */
export const EMBED_SWEEP_PAGE = 500;

/** Sends a check for every installed shop that granted a theme scope; answers how many. */
export async function sweepEmbeds(app: FastifyInstance): Promise<{ sent: number; shops: number }> {
  let sent = 0;
  let watched = 0;
  let after: string | null = null;
  for (;;) {
    const page = await app.db
      .select({ id: shops.id, grantedScopes: shops.grantedScopes })
      .from(shops)
      .where(
        and(
          isNull(shops.uninstalledAt),
          isNotNull(shops.accessTokenCiphertext),
          after === null ? undefined : gt(shops.id, after),
        ),
      )
      .orderBy(asc(shops.id))
      .limit(EMBED_SWEEP_PAGE);
    for (const shop of page) {
      if (!hasThemeScope(shop)) continue;
      watched += 1;
      const data: EmbedCheckData = { shopId: shop.id };
      if (await app.jobs.send(EMBED_CHECK_JOB, data, { singletonKey: shop.id })) sent += 1;
    }
    if (page.length < EMBED_SWEEP_PAGE) return { sent, shops: watched };
    after = page[page.length - 1]!.id;
  }
}

export function embedSweepJob(app: FastifyInstance): JobDefinition {
  return {
    name: EMBED_SWEEP_JOB,
    schedule: EMBED_SWEEP_SCHEDULE,
    retryLimit: 0,
    handle: () => sweepEmbeds(app),
  };
}
