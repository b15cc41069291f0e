// Support's view of the webhook delivery log: the latest deliveries (a shop's, or by status)
// with their attempts, reasons and outcomes, never their bodies; and a replay of a failed
// delivery with a new job. Both need the support API key and are audit-logged.
import { normalizeShopDomain } from '@gatehouse/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../core/audit.js';
import { createTokenCipher } from '../../core/crypto/token-cipher.js';
import { webhookEvents, webhookStatuses } from '../../core/db/schema.js';
import { conflict } from '../../core/errors.js';
import { supportAccess } from '../../core/http/support-access.js';
import { createDeliveryLog } from './deliveries.js';

const listQuery = z.object({
  shop: z
    .string()
    .transform((v, ctx) => {
      const domain = normalizeShopDomain(v);
      if (!domain) ctx.addIssue({ code: 'custom', message: `"${v}" is not a shop domain.` });
      return domain ?? '';
    })
    .optional(),
  status: z.enum(webhookStatuses).optional(),
});

const retryBody = z.object({
  webhookId: z.string().min(1, 'Please give the webhook id.').max(255),
});

export async function webhookSupportRoutes(app: FastifyInstance): Promise<void> {
  const { guard, clean, limited, staff } = supportAccess(app);
  app.addHook('onRequest', guard);
  app.addHook('preHandler', clean);
  const log = createDeliveryLog(
    app.db,
    createTokenCipher(app.config.appSecret, 'gatehouse webhook body v1'),
    app.jobs,
  );

  app.get('/api/support/webhooks', limited, async (request) => {
    const query = listQuery.parse(request.query ?? {});
    const where: SQL[] = [];
    if (query.shop) where.push(eq(webhookEvents.shopDomain, query.shop));
    if (query.status) where.push(eq(webhookEvents.status, query.status));
    const rows = await app.db
      .select({
        webhookId: webhookEvents.webhookId,
        shop: webhookEvents.shopDomain,
        topic: webhookEvents.topic,
        status: webhookEvents.status,
        attempts: webhookEvents.attempts,
        lastError: webhookEvents.lastError,
        outcome: webhookEvents.outcome,
        triggeredAt: webhookEvents.triggeredAt,
        receivedAt: webhookEvents.receivedAt,
        processedAt: webhookEvents.processedAt,
      })
      .from(webhookEvents)
      .where(where.length > 0 ? and(...where) : undefined)
      .orderBy(desc(webhookEvents.receivedAt))
      .limit(200);
    return { deliveries: rows };
  });

  app.post('/api/support/webhooks/retry', limited, async (request) => {
    const { webhookId } = retryBody.parse(request.body ?? {});
    if (!(await log.requeue(webhookId))) {
      throw conflict('Only a failed delivery can be processed again.');
    }
    await audit(app.db, {
      shopId: null,
      actor: 'support',
      action: 'support.webhook_replayed',
      detail: { by: staff(request), webhookId },
    });
    return { queued: true };
  });
}
