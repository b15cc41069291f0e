// Watching the app embed: the storefront loads Gatehouse only through it, so when it turns off
// (another theme published, the embed switched off and saved) the store is unprotected and the
// merchant must hear of it. A check reads the live theme from the platform (bypassing the
// cached state) and compares it with the last known state: on → off records when, and sends the
// merchant one notification, in one transaction that only one instance can win; off → on clears
// the warning. A shop that never had it on is not warned here (the Action Required bar asks
// for it). A platform failure throws, so the job or webhook running the check retries it.
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications, type Shop } from '../../core/db/schema.js';
import { hasThemeScope } from '../../core/shops.js';
import { appEmbedStates } from './extensions-schema.js';

export type EmbedCheck = 'on' | 'off' | 'turnedOff' | 'notWatched';

export function embedOffMessage(turnedOffAt: Date): string {
  const when = `${turnedOffAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return (
    `The Gatehouse app embed is off in your store's live theme (noticed ${when}), so no ` +
    `visitor is checked: your blockers do not protect your store. This happens when another ` +
    `theme is published or the embed is switched off. Open Extensions in Gatehouse, click ` +
    `"Activate in Theme Editor" and Save there.`
  );
}

/** Checks one shop's live theme now; answers what it found. */
export async function checkAppEmbed(app: FastifyInstance, shop: Shop): Promise<EmbedCheck> {
  const token = app.tokens.accessTokenOf(shop);
  if (shop.uninstalledAt || !token || !hasThemeScope(shop)) return 'notWatched';
  app.platform.invalidateAppEmbedState(shop.domain);
  const enabled = await app.platform.readAppEmbedState(shop.domain, token);
  const now = new Date();
  return app.db.transaction(async (tx) => {
    await tx.insert(appEmbedStates).values({ shopId: shop.id, enabled }).onConflictDoNothing();
    if (enabled) {
      await tx
        .update(appEmbedStates)
        .set({ enabled: true, turnedOffAt: null })
        .where(
          and(
            eq(appEmbedStates.shopId, shop.id),
            or(eq(appEmbedStates.enabled, false), isNotNull(appEmbedStates.turnedOffAt)),
          ),
        );
      return 'on';
    }
    // Only the check that sees it still on turns it off: one notification however many run.
    const turned = await tx
      .update(appEmbedStates)
      .set({ enabled: false, turnedOffAt: now })
      .where(and(eq(appEmbedStates.shopId, shop.id), eq(appEmbedStates.enabled, true)))
      .returning({ shopId: appEmbedStates.shopId });
    if (turned.length === 0) return 'off';
    await tx.insert(notifications).values({ shopId: shop.id, content: embedOffMessage(now) });
    app.log.warn({ shop: shop.domain }, 'the app embed turned off');
    return 'turnedOff';
  });
}

/** Since when the embed has been off after being on, or null. */
export async function embedOffSince(app: FastifyInstance, shopId: string): Promise<Date | null> {
  const [row] = await app.db
    .select({ turnedOffAt: appEmbedStates.turnedOffAt })
    .from(appEmbedStates)
    .where(eq(appEmbedStates.shopId, shopId));
  return row?.turnedOffAt ?? null;
}
