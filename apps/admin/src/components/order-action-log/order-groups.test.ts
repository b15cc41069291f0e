import type { OrderActionEntry } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { entryNote, groupByOrder, nextAttemptText, orderRetry } from './order-groups.js';

const entry = (over: Partial<OrderActionEntry>): OrderActionEntry => ({
  id: 'e1',
  feature: 'fraud-protect',
  filterId: null,
  filterName: null,
  createdAt: '2031-01-01T12:00:00.000Z',
  updatedAt: '2031-01-01T12:00:00.000Z',
  orderId: '1001',
  orderName: '#1001',
  orderUrl: 'https://shop/admin/orders/1001',
  riskLevel: 'HIGH',
  action: 'cancel',
  status: 'done',
  params: {},
  result: null,
  error: null,
  attempts: 1,
  permanent: false,
  nextAttempt: null,
  retryAt: null,
  ...over,
});

describe('groupByOrder', () => {
  it('makes one line per order, with everything done to it', () => {
    const groups = groupByOrder([
      entry({ id: 'a', orderId: '2', orderName: '#2', action: 'cancel' }),
      entry({ id: 'b', orderId: '2', orderName: '#2', action: 'tag' }),
      entry({ id: 'c', orderId: '1', orderName: '#1', action: 'cancel', riskLevel: null }),
      entry({ id: 'd', orderId: '1', orderName: '#1', action: 'tag', riskLevel: 'MEDIUM' }),
    ]);
    expect(groups.map((g) => [g.orderName, g.riskLevel, g.entries.map((e) => e.id)])).toEqual([
      ['#2', 'HIGH', ['a', 'b']],
      ['#1', 'MEDIUM', ['c', 'd']],
    ]);
  });

  it('leaves out a closed check once the order was acted on, and names it as the action does', () => {
    const [group] = groupByOrder([
      entry({ id: 'k', action: 'check', status: 'done', orderName: 'Order 1001' }),
      entry({ id: 'c', action: 'cancel' }),
    ]);
    expect(group?.entries.map((e) => e.id)).toEqual(['c']);
    expect(group?.orderName).toBe('#1001');
  });
});

describe('what an entry says', () => {
  const at = new Date(2031, 0, 1, 12, 4, 30);
  const waiting = entry({
    action: 'check',
    status: 'pending',
    error: 'Shopify is not answering, so we could not check order #1001.',
    nextAttempt: { attempt: 2, of: 9, at: at.toISOString() },
  });

  it('says a waiting entry is retried by itself, which attempt and when, in local time', () => {
    expect(entryNote(waiting, at.getTime() - 60_000)).toBe(
      'Shopify is not answering, so we could not check order #1001. Gatehouse retries by itself: attempt 2 of 9, next at 12:04 PM.',
    );
    expect(entryNote(waiting, at.getTime() - 60_000)).not.toMatch(/try again/);
  });

  it('says the attempt is under way once its time has come', () => {
    expect(nextAttemptText({ attempt: 3, of: 9, at: null }, 0)).toBe(
      'Gatehouse is retrying by itself now (attempt 3 of 9).',
    );
    expect(nextAttemptText({ attempt: 3, of: 9, at: at.toISOString() }, at.getTime() + 1)).toBe(
      'Gatehouse is retrying by itself now (attempt 3 of 9).',
    );
  });

  it('tells what to do in Shopify about a refusal for good', () => {
    const refused = entry({
      status: 'failed',
      permanent: true,
      error: 'Shopify refused: Cannot cancel an order with fulfilled items',
    });
    expect(entryNote(refused, 0)).toBe(
      'Shopify refused: Cannot cancel an order with fulfilled items. Gatehouse does not try again: Shopify would refuse it the same way. If the order should still be cancelled, open it in Shopify, deal with what Shopify names (such as its fulfilled items), then cancel it there.',
    );
  });
});

describe('the order’s button', () => {
  it('is Retry for a failed entry Shopify may accept, none for a refusal for good', () => {
    const failed = entry({ id: 'f', status: 'failed' });
    const refused = entry({ id: 'r', status: 'failed', permanent: true });
    const [group] = groupByOrder([refused, failed]);
    expect(orderRetry(group!)).toEqual({ id: 'f', label: 'Retry' });
    const [alone] = groupByOrder([refused, entry({ id: 't', action: 'tag' })]);
    expect(orderRetry(alone!)).toBeNull();
  });

  it('is Retry now while the order waits for an attempt', () => {
    const [group] = groupByOrder([
      entry({ id: 'w', action: 'check', status: 'pending', nextAttempt: null }),
    ]);
    expect(orderRetry(group!)).toEqual({ id: 'w', label: 'Retry now' });
  });
});
