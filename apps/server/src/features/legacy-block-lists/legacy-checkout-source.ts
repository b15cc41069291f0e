// The legacy list's emails as a source of the checkout validation function's block list: on
// every plan (the legacy list is in all of them), a buyer with a listed email cannot complete
// checkout. A change to the emails asks for a sync of the shop's function list.
import { normalise } from '@gatehouse/checkout-validation/block-list';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CheckoutBlockSource } from '../../orders/checkout-block-sources.js';
import { legacyEntries } from './legacy-block-lists-schema.js';

export const legacyEmailSource: CheckoutBlockSource = {
  name: 'legacy-block-lists',
  async entries(db, shopId) {
    const rows = await db
      .select({ value: legacyEntries.value })
      .from(legacyEntries)
      .where(and(eq(legacyEntries.shopId, shopId), eq(legacyEntries.kind, 'email')));
    return rows.map((r) => ({ kind: 'email' as const, value: r.value }));
  },
  async personEntries(db, shopId, person) {
    // The legacy list keeps emails lower-cased, the form the function compares.
    const emails = [...new Set(person.emails.map((e) => normalise('email', e)))].filter(Boolean);
    if (emails.length === 0) return [];
    const rows = await db
      .select()
      .from(legacyEntries)
      .where(
        and(
          eq(legacyEntries.shopId, shopId),
          eq(legacyEntries.kind, 'email'),
          inArray(legacyEntries.value, emails),
        ),
      )
      .orderBy(asc(legacyEntries.createdAt), asc(legacyEntries.id));
    return rows.map((r) => ({
      list: 'Block Lists (Legacy)',
      kind: 'email' as const,
      value: r.value,
      note: r.note,
      createdAt: r.createdAt,
    }));
  },
};

/** Asks for a sync of the shop's checkout list when the change touched emails. */
export async function emailsChanged(
  app: FastifyInstance,
  shopId: string,
  kinds: readonly string[],
): Promise<void> {
  if (kinds.includes('email')) await app.checkoutBlocks.changed(shopId);
}
