// app/scopes_update: the merchant changed what Gatehouse may access on the platform (for
// example revoked read_themes). The shop's granted scopes follow, so isThemeScopeEnabled and
// the app-embed checks answer from what the platform now allows. Safe to run twice.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../core/audit.js';
import { shops } from '../../core/db/schema.js';
import { parseWebhookJson } from '../../core/http/webhook-topic.js';

/** An access scope's name, as the platform writes them: `read_themes`, `write_products`… */
const scope = z.string().regex(/^[a-z][a-z0-9_]{0,99}$/);
const payload = z.object({
  previous: z.array(scope).max(100).optional(),
  current: z.array(scope).max(100),
});

export async function handleAppScopesUpdate(
  app: FastifyInstance,
  shopDomain: string,
  body: Buffer,
): Promise<void> {
  const parsed = parseWebhookJson(body, payload, 'app/scopes_update');
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, shopDomain));
  if (!shop) return;
  const scopes = [...new Set(parsed.current)].join(',');
  if (scopes === shop.grantedScopes) return;
  await app.db
    .update(shops)
    .set({ grantedScopes: scopes, updatedAt: new Date() })
    .where(eq(shops.id, shop.id));
  app.platform.invalidateAppEmbedState(shopDomain);
  await audit(app.db, {
    shopId: shop.id,
    actor: 'platform',
    action: 'shop.scopesUpdated',
    detail: { previous: shop.grantedScopes, current: scopes },
  });
}
