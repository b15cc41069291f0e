// The order-action log's daily purge, a job of the log itself: entries past the log's retention
// that are over go, with the risk notes of as old orders; recent entries and those still being
// sent stay, and the job's output counts each.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { orderRiskNotes } from '../../src/features/fraud-protect/risk-note-schema.js';
import { ORDER_LOG_RETENTION_DAYS } from '../../src/orders/order-actions.js';
import { orderActions } from '../../src/orders/order-actions-schema.js';
import { ORDER_LOG_PURGE_JOB } from '../../src/orders/order-log-purge.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let shopId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.signIn('order-log-purge');
  const [shop] = await t.app.db.select().from(shops).where(eq(shops.domain, owner.shop));
  shopId = shop!.id;
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('the order log purge', () => {
  it('deletes the entries and risk notes past the retention that are over, and only those', async () => {
    const old = daysAgo(ORDER_LOG_RETENTION_DAYS + 1);
    const recent = daysAgo(ORDER_LOG_RETENTION_DAYS - 1);
    const entry = (orderId: string, feature: 'fraud-protect' | 'auto-cancel') => ({
      shopId,
      feature,
      orderId,
      orderName: `#${orderId}`,
      action: 'tag' as const,
      params: { tag: 'checked' },
    });
    await t.app.db.insert(orderActions).values([
      { ...entry('1', 'fraud-protect'), status: 'done', createdAt: old },
      { ...entry('2', 'auto-cancel'), status: 'failed', createdAt: old },
      { ...entry('3', 'auto-cancel'), status: 'pending', createdAt: old },
      { ...entry('4', 'fraud-protect'), status: 'done', createdAt: recent },
    ]);
    const note = (orderId: string) => ({
      shopId,
      orderId,
      orderName: `#${orderId}`,
      riskLevel: 'LOW' as const,
      facts: [],
    });
    await t.app.db.insert(orderRiskNotes).values([
      { ...note('1'), status: 'done', createdAt: old },
      { ...note('3'), status: 'sending', createdAt: old },
      { ...note('4'), status: 'done', createdAt: recent },
    ]);

    expect(await t.app.jobs.run(ORDER_LOG_PURGE_JOB)).toEqual({ purged: 2, riskNotesPurged: 1 });

    const left = await t.app.db
      .select({ orderId: orderActions.orderId })
      .from(orderActions)
      .where(eq(orderActions.shopId, shopId));
    expect(left.map((row) => row.orderId).sort()).toEqual(['3', '4']);
    const notes = await t.app.db
      .select({ orderId: orderRiskNotes.orderId })
      .from(orderRiskNotes)
      .where(eq(orderRiskNotes.shopId, shopId));
    expect(notes.map((row) => row.orderId).sort()).toEqual(['3', '4']);
  });
});
