// The fallback's part of the post-install job: once a shop has installed (or signed in again),
// the script tag is added where the store allows it. Runs after the storefront settings are
// written; a platform failure fails the attempt, which the job queue retries.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../db/schema.js';
import { installScriptTag } from './script-tag.js';

export async function installFallback(app: FastifyInstance, domain: string): Promise<string> {
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, domain));
  const token = shop ? app.tokens.accessTokenOf(shop) : null;
  if (!shop || !token || shop.uninstalledAt) return 'noShop';
  return installScriptTag(app, shop, token);
}
