import { describe, expect, it } from 'vitest';
import { quickActionRequest } from '@gatehouse/contracts';
import { quickActionsFor } from './quick-actions.js';

describe('quickActionsFor', () => {
  const direct = { referrer: '', url: 'https://shop.example/products/a' };

  it('offers blocking and allowing the IP, and blocking its country, network and referrer', () => {
    const choices = quickActionsFor({
      ip: '203.0.113.7',
      country: 'BR',
      asn: 15169,
      org: 'Google LLC',
      referrer: 'https://Ads.Spam.example/offer?id=1',
      url: 'https://shop.example/products/a',
    });
    expect(choices.map((c) => [c.label, c.action, c.value])).toEqual([
      ['Block this IP', 'blockIp', '203.0.113.7'],
      ['Allow this IP', 'allowIp', '203.0.113.7'],
      ['Block this country', 'blockCountry', 'BR'],
      // The list blockers' actions come in the navigation's order of the blockers.
      ['Block this referrer', 'blockReferrer', 'ads.spam.example'],
      ['Block this ASN', 'blockAsn', 'AS15169'],
    ]);
    expect(choices[2]?.title).toBe('Block Brazil?');
    expect(choices[4]?.title).toBe('Block AS15169?');
    expect(choices[4]?.body).toContain('AS15169 (Google LLC)');
    expect(choices[3]?.title).toBe('Block ads.spam.example?');
    expect(choices[3]?.body).toContain('Every visitor sent by ads.spam.example is blocked');
  });

  it('offers no country or ASN action when they are unknown', () => {
    expect(
      quickActionsFor({ ip: '10.0.0.1', country: null, asn: null, org: null, ...direct }).map(
        (c) => c.action,
      ),
    ).toEqual(['blockIp', 'allowIp']);
    expect(
      quickActionsFor({ ip: '10.0.0.1', country: null, asn: 64500, org: null, ...direct })[2]?.body,
    ).toContain('network AS64500 is blocked');
  });

  it.each([
    ['a direct visit', ''],
    ['a link from another page of the store', 'https://SHOP.example/collections/all'],
    ['an address without a domain', 'http://192.0.2.1/page'],
    ['a host that is no domain', 'http://localhost:3000/'],
    ['what is not a web address', 'android-app://com.example'],
  ])('offers no referrer action for %s', (_what, referrer) => {
    const actions = quickActionsFor({
      ip: '10.0.0.1',
      country: null,
      asn: null,
      org: null,
      referrer,
      url: 'https://shop.example/products/a',
    }).map((c) => c.action);
    expect(actions).toEqual(['blockIp', 'allowIp']);
  });

  it('builds requests the contract accepts', () => {
    for (const choice of quickActionsFor({
      ip: '2001:db8::7',
      country: 'DE',
      asn: 4_294_967_294,
      org: 'Example',
      referrer: `https://${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.example/`,
      url: 'https://shop.example/',
    })) {
      expect(
        quickActionRequest.safeParse({ action: choice.action, value: choice.value }).success,
      ).toBe(true);
    }
  });

  it('reads the referring host without its trailing dot', () => {
    const [choice] = quickActionsFor({
      ip: '10.0.0.1',
      country: null,
      asn: null,
      org: null,
      referrer: 'https://news.example./story',
      url: 'https://shop.example/',
    }).filter((c) => c.action === 'blockReferrer');
    expect(choice?.value).toBe('news.example');
  });
});
