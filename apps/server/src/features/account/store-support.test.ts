import { describe, expect, it } from 'vitest';
import { unsupportedReasonOf } from './store-support.js';

describe('unsupportedReasonOf', () => {
  it.each([
    ['Basic', null],
    ['Shopify', null],
    ['Advanced', null],
    ['Shopify Plus', null],
    ['Development', null],
    ['Developer Preview', null],
    ['Partner Test', null],
    ['Shopify Plus Partner Sandbox', null],
    ['Trial', null],
    ['', null],
    ['Starter', 'noOnlineStore'],
    ['Shopify Starter', 'noOnlineStore'],
    [' shopify lite ', 'noOnlineStore'],
    ['Frozen', 'storeClosed'],
    ['Cancelled', 'storeClosed'],
    ['Fraudulent', 'storeClosed'],
  ])('plan %j → %j', (plan, reason) => {
    expect(unsupportedReasonOf(plan)).toBe(reason);
  });
});
