import { describe, expect, it } from 'vitest';
import { NEW_AUTO_CANCEL_FILTER } from '@gatehouse/contracts';
import { dryRunProgress, dryRunReading, dryRunSummary } from './dry-run-words.js';
import { describeActions, describeMatch } from './filter-words.js';

describe('a filter in words', () => {
  it('says what it catches, groups in brackets', () => {
    expect(
      describeMatch({
        any: false,
        groups: [
          {
            any: false,
            conditions: [
              { field: 'billingDiffersFromShipping', operator: 'is', value: true },
              { field: 'total', operator: 'greaterThan', value: 500 },
            ],
          },
        ],
      }),
    ).toBe('Billing address differs from shipping address AND Order total is greater than 500');
    expect(
      describeMatch({
        any: true,
        groups: [
          {
            any: true,
            conditions: [
              { field: 'email', operator: 'contains', value: 'spam' },
              { field: 'shippingCountry', operator: 'inList', value: ['NG', 'GH'], negate: true },
            ],
          },
          { any: false, conditions: [{ field: 'firstOrder', operator: 'is', value: true }] },
        ],
      }),
    ).toBe(
      '(Email contains "spam" OR Shipping country is none of Nigeria, Ghana) OR It is the customer’s first order',
    );
  });

  it('says what it does', () => {
    expect(describeActions(NEW_AUTO_CANCEL_FILTER.actions)).toBe(
      'Cancel (fraud; refund, restock, email the customer)',
    );
    expect(
      describeActions({
        ...NEW_AUTO_CANCEL_FILTER.actions,
        cancel: false,
        tags: ['review'],
        blockIp: true,
      }),
    ).toBe('Tag "review", then block the IP address');
    expect(
      describeActions({ ...NEW_AUTO_CANCEL_FILTER.actions, cancel: false, blockEmail: true }),
    ).toBe('Block the email at checkout');
  });
});

describe('the dry run in words', () => {
  const run = { read: 0, total: null, maxOrders: 2500, done: false, truncated: false, days: 30 };

  it('moves the bar by orders read, of the total when known', () => {
    expect(dryRunProgress({ ...run, read: 250 })).toBe(10);
    expect(dryRunProgress({ ...run, read: 50, total: 100 })).toBe(50);
    expect(dryRunProgress({ ...run, read: 100, total: 100 })).toBe(99);
    expect(dryRunProgress({ ...run, read: 100, total: 100, done: true })).toBe(100);
    expect(dryRunProgress({ ...run, maxOrders: 0 })).toBe(0);
    // A store with more orders than a run reads: the bar runs to the most it reads.
    expect(dryRunProgress({ ...run, read: 1250, total: 9000 })).toBe(50);
  });

  it('says how many of how many orders it has read', () => {
    expect(dryRunReading(run)).toBe('Counting your orders…');
    expect(dryRunReading({ ...run, read: 25, total: 120 })).toBe(
      'Reading orders… 25 of 120 orders read.',
    );
    expect(dryRunReading({ ...run, read: 0, total: 1 })).toBe('Reading orders… 0 of 1 order read.');
    expect(dryRunReading({ ...run, read: 500, total: 9000 })).toBe(
      'Reading orders… 500 of 2,500 orders read (the newest of the 9,000 of the last 30 days).',
    );
  });

  it('counts the orders read and caught, and says when it could not read them all', () => {
    expect(dryRunSummary({ ...run, read: 1, results: [] })).toBe(
      'Read 1 order of the last 30 days; none would have been caught.',
    );
    const caught = { orderId: '1' } as never;
    expect(dryRunSummary({ ...run, read: 2500, truncated: true, results: [caught, caught] })).toBe(
      'Read 2,500 orders of the last 30 days (the newest 2,500: your store had more, and older ones were not read); 2 orders would have been caught:',
    );
  });
});
