// Support's side of customer data requests: the list (a shop's, newest first) and one export
// opened for sending to the merchant, both behind the support API key and audit-logged; and
// the daily purge of exports older than 30 days, which only exist to be sent.
import { normalizeShopDomain } from '@gatehouse/contracts';
import { desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../core/audit.js';
import { createTokenCipher } from '../../core/crypto/token-cipher.js';
import { customerDataRequests, shops } from '../../core/db/schema.js';
import { notFound } from '../../core/errors.js';
import { supportAccess } from '../../core/http/support-access.js';
import { CUSTOMER_DATA_PURPOSE } from './privacy-topics.js';

export const CUSTOMER_DATA_PURGE_JOB = 'customer-data-purge';
export const KEEP_EXPORTS_MS = 30 * 24 * 60 * 60 * 1000;

const listQuery = z.object({
  shop: z.string().transform((v, ctx) => {
    const domain = normalizeShopDomain(v);
    if (!domain) ctx.addIssue({ code: 'custom', message: `"${v}" is not a shop domain.` });
    return domain ?? '';
  }),
});
const idParams = z.object({ id: z.uuid('Please give a data request id.') });

export async function purgeCustomerData(app: FastifyInstance, now = new Date()) {
  const removed = await app.db
    .delete(customerDataRequests)
    .where(lt(customerDataRequests.createdAt, new Date(now.getTime() - KEEP_EXPORTS_MS)))
    .returning({ id: customerDataRequests.id });
  return { purged: removed.length };
}

export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const { guard, clean, limited, staff } = supportAccess(app);
  app.addHook('onRequest', guard);
  app.addHook('preHandler', clean);
  const cipher = createTokenCipher(app.config.appSecret, CUSTOMER_DATA_PURPOSE);
  await app.jobs.define({
    name: CUSTOMER_DATA_PURGE_JOB,
    schedule: '17 3 * * *',
    retryLimit: 1,
    handle: () => purgeCustomerData(app),
  });

  app.get('/api/support/data-requests', limited, async (request) => {
    const { shop } = listQuery.parse(request.query ?? {});
    const rows = await app.db
      .select({
        id: customerDataRequests.id,
        shop: shops.domain,
        customerId: customerDataRequests.customerId,
        platformRequestId: customerDataRequests.platformRequestId,
        createdAt: customerDataRequests.createdAt,
      })
      .from(customerDataRequests)
      .innerJoin(shops, eq(shops.id, customerDataRequests.shopId))
      .where(eq(shops.domain, shop))
      .orderBy(desc(customerDataRequests.createdAt))
      .limit(200);
    return { dataRequests: rows };
  });

  app.get('/api/support/data-requests/:id', limited, async (request) => {
    const { id } = idParams.parse(request.params ?? {});
    const [row] = await app.db
      .select({ request: customerDataRequests, shop: shops.domain })
      .from(customerDataRequests)
      .innerJoin(shops, eq(shops.id, customerDataRequests.shopId))
      .where(eq(customerDataRequests.id, id));
    if (!row) throw notFound('No data request with that id (exports are kept 30 days).');
    const { request: entry } = row;
    const data: unknown = JSON.parse(
      cipher.open(
        { iv: entry.dataIv, tag: entry.dataTag, ciphertext: entry.dataCiphertext },
        entry.shopId,
      ),
    );
    await audit(app.db, {
      shopId: entry.shopId,
      actor: 'support',
      action: 'support.customer_data_read',
      detail: { by: staff(request), dataRequestId: entry.id, customerId: entry.customerId },
    });
    return { id: entry.id, shop: row.shop, createdAt: entry.createdAt, data };
  });
}
