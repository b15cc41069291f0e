import { DEFAULT_FRAUD_PROTECT, fraudProtectMessages as m } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { fraudFormErrors, toFraudForm, toFraudSettings } from './fraud-protect-form.js';

describe('the Fraud Protect form', () => {
  it('reads the exempt tags and the amount back into settings', () => {
    const form = {
      ...toFraudForm(DEFAULT_FRAUD_PROTECT),
      exemptCustomerTags: ' VIP, wholesale ,, ',
      minOrderAmount: '12.50',
    };
    expect(toFraudSettings(form)).toMatchObject({
      exemptCustomerTags: ['VIP', 'wholesale'],
      minOrderAmount: 12.5,
    });
    expect(toFraudSettings(toFraudForm(DEFAULT_FRAUD_PROTECT))).toEqual(DEFAULT_FRAUD_PROTECT);
    expect(fraudFormErrors(form)).toEqual({});
  });

  it('names the field that cannot be saved', () => {
    const form = toFraudForm(DEFAULT_FRAUD_PROTECT);
    expect(fraudFormErrors({ ...form, minOrderAmount: '12,5' })).toEqual({
      minOrderAmount: m.amount,
    });
    expect(fraudFormErrors({ ...form, mode: 'flag', tag: '' })).toEqual({ tag: m.tagRequired });
    expect(fraudFormErrors({ ...form, tag: 'a,b' })).toEqual({ tag: m.tag });
  });
});
