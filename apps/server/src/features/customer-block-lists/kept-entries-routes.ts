// What the lists keep on any plan: a plan without Customer Block Lists keeps their entries (they
// come back into force on an upgrade) but its checkout enforces none of them. Every plan may
// read how many are kept and how many the store's checkout still holds, and remove them all,
// so the merchant can always see and clear what could block buyers.
import { api, planIncludes, type CustomerBlockKept } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../core/db/schema.js';
import { route } from '../../core/http/route.js';
import { loadSync } from './checkout-sync.js';
import { customerBlockEntries } from './customer-block-lists-schema.js';
import { entryCount } from './entries.js';

export async function keptEntriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getKeptCustomerBlocks, async (_input, { session }): Promise<CustomerBlockKept> => {
    const [kept, sync, [shop]] = await Promise.all([
      entryCount(app.db, session.shopId),
      loadSync(app.db, session.shopId),
      app.db.select({ plan: shops.plan }).from(shops).where(eq(shops.id, session.shopId)),
    ]);
    return {
      kept,
      enforced: shop !== undefined && planIncludes(shop.plan, 'customerBlockLists'),
      atCheckout: sync?.syncedEntries ?? 0,
      syncPending: sync?.syncState === 'pending',
    };
  });

  route(
    app,
    api.clearCustomerBlockEntries,
    async (_input, { session }) => {
      const removed = await app.db
        .delete(customerBlockEntries)
        .where(eq(customerBlockEntries.shopId, session.shopId))
        .returning({ id: customerBlockEntries.id });
      if (removed.length > 0) await app.checkoutBlocks.changed(session.shopId);
      return { deleted: removed.length };
    },
    { mutates: true },
  );
}
