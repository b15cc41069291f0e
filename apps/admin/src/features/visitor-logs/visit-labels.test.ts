import { describe, expect, it } from 'vitest';
import {
  countryLabel,
  deviceLabel,
  networkLabel,
  pagePath,
  placeLabel,
  referrerLabel,
} from './visit-labels.js';

describe('visit cell texts', () => {
  it('names the country in English, unknown when the address has none', () => {
    expect(countryLabel('DE')).toBe('Germany');
    expect(countryLabel(null)).toBe('Unknown');
  });

  it('joins region and city, leaving out what is missing', () => {
    expect(placeLabel({ region: 'Bavaria', city: 'Munich' })).toBe('Bavaria, Munich');
    expect(placeLabel({ region: null, city: 'Munich' })).toBe('Munich');
    expect(placeLabel({ region: null, city: ' ' })).toBe('—');
  });

  it('writes the network as ASN and organisation', () => {
    expect(networkLabel({ asn: 15169, org: 'Google LLC' })).toBe('AS15169 Google LLC');
    expect(networkLabel({ asn: null, org: 'Example ISP' })).toBe('Example ISP');
    expect(networkLabel({ asn: 64500, org: null })).toBe('AS64500');
    expect(networkLabel({ asn: null, org: null })).toBe('—');
  });

  it("shows the server's device reading, and says when the agent was empty", () => {
    expect(deviceLabel({ device: 'Safari on iPhone', userAgent: 'Mozilla/5.0 (iPhone…)' })).toBe(
      'Safari on iPhone',
    );
    expect(deviceLabel({ device: '', userAgent: '' })).toBe('No user agent');
    expect(deviceLabel({ device: '', userAgent: 'curl/8.0' })).toBe('Unknown device');
  });

  it('shortens the page to path and query and the referrer to host and path', () => {
    expect(pagePath('https://demo.myshopify.com/products/hat?variant=2')).toBe(
      '/products/hat?variant=2',
    );
    expect(pagePath('not a url')).toBe('not a url');
    expect(referrerLabel('https://www.google.com/')).toBe('www.google.com');
    expect(referrerLabel('https://t.co/abc')).toBe('t.co/abc');
    expect(referrerLabel('')).toBe('Direct');
  });
});
