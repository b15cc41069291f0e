// The support back office over HTTP (/api/support/*), used by the support CLI: PGlite lets
// only one process open the data folder, so the CLI goes through the running server. Every
// call needs the support API key, is rate-limited, and every action is audit-logged.
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../core/audit.js';
import { customerQuestions, notifications, shops } from '../../core/db/schema.js';
import { messages, notFound } from '../../core/errors.js';
import { supportAccess } from '../../core/http/support-access.js';
import { accessChanged } from '../../core/sessions/access-changes.js';
import { mintPersonateToken } from '../../core/sessions/one-time-tokens.js';
import { shopUpdateFromSettings } from './apply-settings.js';
import { notifyRequest, setRequest, shopRequest } from './schemas.js';
import { shopSummary } from './shop-summary.js';

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const { guard, clean, limited, staff } = supportAccess(app);
  app.addHook('onRequest', guard);
  app.addHook('preHandler', clean);

  async function findShop(domain: string) {
    const [shop] = await app.db.select().from(shops).where(eq(shops.domain, domain));
    if (!shop) throw notFound(`${messages.shopNotFound} (${domain})`);
    return shop;
  }

  app.post('/api/support/personate', limited, async (request) => {
    const { shop: domain } = shopRequest.parse(request.body ?? {});
    const shop = await findShop(domain);
    const token = await mintPersonateToken(app.db, shop.id, staff(request));
    await audit(app.db, {
      shopId: shop.id,
      actor: 'support',
      action: 'support.personate_link_created',
      detail: { by: staff(request) },
    });
    return { url: `${app.config.appUrl}/personate/${token}`, expiresInMinutes: 10 };
  });

  app.post('/api/support/notify', limited, async (request) => {
    const { shop: domain, text } = notifyRequest.parse(request.body ?? {});
    const shop = await findShop(domain);
    const [created] = await app.db
      .insert(notifications)
      .values({ shopId: shop.id, content: text })
      .returning({ id: notifications.id });
    await audit(app.db, {
      shopId: shop.id,
      actor: 'support',
      action: 'support.notification_sent',
      detail: { by: staff(request), notificationId: created?.id },
    });
    return { id: created?.id ?? null };
  });

  app.get('/api/support/questions', limited, async (request) => {
    const rows = await app.db
      .select({
        id: customerQuestions.id,
        shop: shops.domain,
        name: customerQuestions.name,
        replyEmail: customerQuestions.replyEmail,
        content: customerQuestions.content,
        createdAt: customerQuestions.createdAt,
      })
      .from(customerQuestions)
      .innerJoin(shops, eq(shops.id, customerQuestions.shopId))
      .orderBy(desc(customerQuestions.createdAt), desc(customerQuestions.id))
      .limit(200);
    await audit(app.db, {
      shopId: null,
      actor: 'support',
      action: 'support.questions_read',
      detail: { by: staff(request), count: rows.length },
    });
    return { questions: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  });

  app.post('/api/support/set', limited, async (request) => {
    const { shop: domain, values } = setRequest.parse(request.body ?? {});
    const shop = await findShop(domain);
    const update = shopUpdateFromSettings(values);
    const [updated] = await app.db
      .update(shops)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(shops.id, shop.id))
      .returning();
    await accessChanged(app.notify, app.log, shop.id);
    await audit(app.db, {
      shopId: shop.id,
      actor: 'support',
      action: 'support.settings_changed',
      detail: { by: staff(request), values },
    });
    return { shop: shopSummary(updated ?? shop, app.platform.apiVersion.describe()) };
  });

  app.get('/api/support/show', limited, async (request) => {
    const { shop: domain } = shopRequest.parse(request.query ?? {});
    const shop = await findShop(domain);
    await audit(app.db, {
      shopId: shop.id,
      actor: 'support',
      action: 'support.shop_viewed',
      detail: { by: staff(request) },
    });
    return { shop: shopSummary(shop, app.platform.apiVersion.describe()) };
  });
}
