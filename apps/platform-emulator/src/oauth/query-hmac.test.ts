import { describe, expect, it } from 'vitest';
import { canonicalQuery, queryHmac } from './query-hmac.js';

describe('queryHmac', () => {
  it('reproduces the published vector (secret hush)', () => {
    const params = {
      shop: 'some-shop.myshopify.com',
      code: '0907a61c0c8d55e99db179b68161bc00',
      timestamp: '1337178173',
      state: '0.6784241404160823',
    };
    expect(canonicalQuery(params)).toBe(
      'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
    );
    expect(queryHmac('hush', params)).toBe(
      '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
    );
  });

  it('leaves hmac and signature out and encodes spaces as %20', () => {
    const params = { shop: 'the shop URL', code: 'some code goes here', hmac: 'x', signature: 'y' };
    expect(canonicalQuery(params)).toBe('code=some%20code%20goes%20here&shop=the%20shop%20URL');
  });

  it('changes when any signed value changes', () => {
    const base = { code: 'a', shop: 'demo.myshopify.com', timestamp: '1' };
    expect(queryHmac('hush', base)).not.toBe(queryHmac('hush', { ...base, timestamp: '2' }));
    expect(queryHmac('hush', base)).not.toBe(queryHmac('other', base));
  });
});
