import { describe, expect, it } from 'vitest';
import { describeOrderAction } from './order-action-words.js';

const cancel = { reason: 'FRAUD' as const, refund: true, restock: true, notifyCustomer: true };

describe('what a Fraud Protect log entry says it did', () => {
  it('says what was done once the platform confirmed it', () => {
    expect(
      describeOrderAction({
        action: 'cancel',
        status: 'done',
        params: cancel,
        result: { refunded: '52.00', currency: 'USD', restocked: true },
      }),
    ).toBe('Cancelled (fraud; refunded 52.00 USD, restocked, customer emailed)');
    expect(
      describeOrderAction({
        action: 'tag',
        status: 'done',
        params: { tag: 'risky' },
        result: null,
      }),
    ).toBe('Tagged "risky"');
  });

  it('says what would be done in monitor mode, and what is asked while it is not done', () => {
    expect(
      describeOrderAction({ action: 'cancel', status: 'monitored', params: cancel, result: null }),
    ).toBe('Would cancel (fraud; refund, restock, email the customer) — monitor mode');
    expect(
      describeOrderAction({
        action: 'cancel',
        status: 'failed',
        params: { reason: 'DECLINED', refund: false, restock: false, notifyCustomer: false },
        result: null,
      }),
    ).toBe('Cancel (payment declined)');
  });

  it('says when an order could not be checked, and what came of checking it again', () => {
    const check = { action: 'check' as const, params: {} };
    expect(describeOrderAction({ ...check, status: 'failed', result: null })).toBe(
      'Could not check the order',
    );
    expect(describeOrderAction({ ...check, status: 'pending', result: null })).toBe(
      'Checking the order',
    );
    expect(
      describeOrderAction({
        ...check,
        status: 'done',
        result: { note: 'nothing to do for this order.' },
      }),
    ).toBe('Checked the order: nothing to do for this order.');
  });
});
