import { DEFAULT_FRAUD_PROTECT, fraudProtectMessages as m } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrors as errorsOf } from '../../test/field-errors.js';
import {
  fraudFormSchema,
  toFraudForm,
  toFraudSettings,
  type FraudForm,
} from './fraud-protect-form.js';

const fieldErrors = (form: FraudForm) => errorsOf(fraudFormSchema, form);

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
    expect(fieldErrors(form)).toEqual({});
  });

  it('names the field that cannot be saved', () => {
    const form = toFraudForm(DEFAULT_FRAUD_PROTECT);
    expect(fieldErrors({ ...form, minOrderAmount: '12,5' })).toEqual({ minOrderAmount: m.amount });
    expect(fieldErrors({ ...form, minOrderAmount: '12.345' })).toEqual({
      minOrderAmount: m.amount,
    });
    expect(fieldErrors({ ...form, mode: 'flag', tag: '' })).toEqual({ tag: m.tagRequired });
    expect(fieldErrors({ ...form, tag: 'a,b' })).toEqual({ tag: m.tag });
    expect(fieldErrors({ ...form, exemptCustomerTags: 'a'.repeat(41) })).toEqual({
      exemptCustomerTags: m.customerTags,
    });
  });
});
