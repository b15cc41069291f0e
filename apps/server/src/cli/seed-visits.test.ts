import { describe, expect, it } from 'vitest';
import { parseSeedArgs } from './seed-visits.js';

describe('parseSeedArgs', () => {
  it('accepts a handle with defaults, or a domain with counts', () => {
    expect(parseSeedArgs(['demo'])).toEqual({
      shop: 'demo.myshopify.com',
      visits: 50_000,
      hours: 23,
    });
    expect(parseSeedArgs(['demo.myshopify.com', '--visits', '1000', '--hours', '5'])).toEqual({
      shop: 'demo.myshopify.com',
      visits: 1000,
      hours: 5,
    });
  });

  it('refuses a missing shop, a bad count and extra arguments', () => {
    expect(() => parseSeedArgs([])).toThrow(/Usage/);
    expect(() => parseSeedArgs(['demo', '--visits', 'lots'])).toThrow(/whole number/);
    expect(() => parseSeedArgs(['demo', 'other'])).toThrow(/Unexpected argument/);
    expect(() => parseSeedArgs(['not a shop'])).toThrow(/not a shop handle/);
  });
});
