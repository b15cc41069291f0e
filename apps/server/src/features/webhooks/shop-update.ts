// shop/update: the merchant changed the store's details in the platform's settings. The
// store's name, emails and plan are read again from the platform (not taken from the payload:
// deliveries may arrive out of order, and the platform's answer is the latest whichever came
// last), so the block pages show the customer-facing email the store uses now. Safe to run
// twice; a shop that is gone or has no token is left as it is.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../core/audit.js';
import { shops } from '../../core/db/schema.js';
import { parseWebhookJson } from '../../core/http/webhook-topic.js';

/** The payload is the shop resource; only that it is one is checked, its fields are re-read. */
const payload = z.object({ id: z.union([z.number(), z.string()]) }).loose();

export async function handleShopUpdate(
  app: FastifyInstance,
  shopDomain: string,
  body: Buffer,
): Promise<{ changed: string[] }> {
  parseWebhookJson(body, payload, 'shop/update');
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, shopDomain));
  const token = shop && !shop.uninstalledAt ? app.tokens.accessTokenOf(shop) : null;
  if (!shop || !token) return { changed: [] };
  const details = await app.platform.fetchShop(shopDomain, token);
  const now = {
    name: details.name,
    email: details.email,
    contactEmail: details.contactEmail,
    shopOwner: details.ownerName,
    platformPlanName: details.planName,
  };
  const changed = (Object.keys(now) as (keyof typeof now)[]).filter((k) => shop[k] !== now[k]);
  if (changed.length === 0) return { changed };
  await app.db
    .update(shops)
    .set({ ...now, updatedAt: new Date() })
    .where(eq(shops.id, shop.id));
  // The block pages carry the contact email: every instance's decisions learn the new one.
  if (changed.includes('contactEmail')) await app.protection.changed(shop.id);
  await audit(app.db, {
    shopId: shop.id,
    actor: 'platform',
    action: 'shop.detailsUpdated',
    detail: { changed },
  });
  return { changed };
}
