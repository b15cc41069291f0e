// The update clean-up as jobs: one per shop removes what an older Gatehouse left there (its
// script tags, its per-shop webhook subscriptions) and records the shop as done, so it runs once
// per shop; a sweep sends that job for every installed shop not done yet, when an instance starts
// (however many start together, one sweep) and daily as a backstop for shops whose job failed.
// A platform failure fails the attempt, which the queue retries with backoff.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../core/db/schema.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import { deleteOldScriptTags, deleteShopWebhookSubscriptions } from './leftovers.js';
import { updateCleanups } from './update-cleanup-schema.js';

export const UPDATE_CLEANUP_JOB = 'update-cleanup';
export const UPDATE_CLEANUP_SWEEP_JOB = 'update-cleanup-sweep';
/** Deleting a script tag needs this scope; a shop that no longer granted it keeps its tags. */
const SCRIPT_TAG_SCOPE = 'write_script_tags';

export interface UpdateCleanupData {
  shopId: string;
}

export type UpdateCleanupOutcome =
  | { done: 'already' | 'notInstalled' }
  | { done: 'now'; scriptTags: number | 'noScope'; webhookSubscriptions: number };

function grants(scopes: string, scope: string): boolean {
  return scopes.split(',').some((granted) => granted.trim() === scope);
}

/** Cleans one shop once; answers what it did. */
export async function cleanUpShop(
  app: FastifyInstance,
  shopId: string,
): Promise<UpdateCleanupOutcome> {
  const [done] = await app.db
    .select({ shopId: updateCleanups.shopId })
    .from(updateCleanups)
    .where(eq(updateCleanups.shopId, shopId));
  if (done) return { done: 'already' };
  const found = await app.tokens.forShopId(shopId);
  // The platform removes an uninstalled app's tags and subscriptions itself; a shop that
  // installs again is swept again.
  if (!found || !found.token || found.shop.uninstalledAt) return { done: 'notInstalled' };
  const { shop, token } = found;
  const deadline = app.platform.flowDeadline();
  const scriptTags = grants(shop.grantedScopes, SCRIPT_TAG_SCOPE)
    ? await deleteOldScriptTags(app, shop, token, { deadline })
    : 'noScope';
  const webhookSubscriptions = await deleteShopWebhookSubscriptions(app, shop, token, {
    deadline,
  });
  await app.db
    .insert(updateCleanups)
    .values({
      shopId,
      scriptTagsDeleted: scriptTags === 'noScope' ? null : scriptTags,
      webhookSubscriptionsDeleted: webhookSubscriptions,
    })
    .onConflictDoNothing();
  app.log.info(
    { shop: shop.domain, scriptTags, webhookSubscriptions },
    'removed what the app left before its update',
  );
  return { done: 'now', scriptTags, webhookSubscriptions };
}

export function updateCleanupJob(app: FastifyInstance): JobDefinition<UpdateCleanupData> {
  return {
    name: UPDATE_CLEANUP_JOB,
    policy: 'exclusive',
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    retryDelayMaxSeconds: 30 * 60,
    expireInSeconds: 300,
    handle: ({ data }) => cleanUpShop(app, data.shopId),
  };
}

/** Sends the per-shop job for every installed shop not cleaned yet; answers how many. */
export async function sweepUpdateCleanups(app: FastifyInstance): Promise<{ sent: number }> {
  const pending = await app.db
    .select({ id: shops.id })
    .from(shops)
    .leftJoin(updateCleanups, eq(updateCleanups.shopId, shops.id))
    .where(and(isNull(shops.uninstalledAt), isNull(updateCleanups.shopId)));
  let sent = 0;
  for (const shop of pending) {
    const data: UpdateCleanupData = { shopId: shop.id };
    // One job per shop waiting or running: a second sweep adds none.
    if (await app.jobs.send(UPDATE_CLEANUP_JOB, data, { singletonKey: shop.id })) sent += 1;
  }
  if (sent > 0) app.log.info({ sent, pending: pending.length }, 'update clean-up jobs sent');
  return { sent };
}

export function updateCleanupSweepJob(
  app: FastifyInstance,
): JobDefinition & { sendAtStart: () => Promise<unknown> } {
  return {
    name: UPDATE_CLEANUP_SWEEP_JOB,
    schedule: '37 4 * * *',
    retryLimit: 2,
    retryDelaySeconds: 30,
    handle: () => sweepUpdateCleanups(app),
    sendAtStart: () =>
      app.jobs.send(UPDATE_CLEANUP_SWEEP_JOB, {}, { singletonKey: 'start', throttleSeconds: 300 }),
  };
}
