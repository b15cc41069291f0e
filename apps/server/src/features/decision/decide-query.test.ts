import { decideQuery } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { parseDecideQuery } from './decide-query.js';

const shop = 'alice.myshopify.com';
const url = `https://${shop}/products/hat`;
const long = (n: number) => 'x'.repeat(n);

/** What the contract's zod schema answers: the value, or the first issue's message. */
function viaZod(query: unknown) {
  const r = decideQuery.safeParse(query);
  return r.success ? { ok: r.data } : { message: r.error.issues[0]?.message };
}
function viaFast(query: unknown) {
  try {
    const v = parseDecideQuery(query);
    const out: Record<string, unknown> = { shop: v.shop, url: v.url, ref: v.ref };
    if (v.t !== undefined) out.t = v.t;
    if (v.d !== undefined) out.d = v.d;
    return { ok: out };
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    return { message: error.issues[0]?.message };
  }
}

const cases: Array<[string, unknown]> = [
  ['a full query', { shop, url, ref: 'https://google.com/', t: 'abc.def', d: 'x.y' }],
  ['no referrer nor tokens', { shop, url }],
  ['unknown fields', { shop, url, extra: '1' }],
  ['URL at its limit', { shop, url: long(2048) }],
  ['URL past its limit', { shop, url: long(2049) }],
  ['referrer at its limit', { shop, url, ref: long(2048) }],
  ['referrer past its limit', { shop, url, ref: long(2049) }],
  ['allow token at its limit', { shop, url, t: long(512) }],
  ['allow token past its limit', { shop, url, t: long(513) }],
  ['device token past its limit', { shop, url, d: long(513) }],
  ['no shop', { url }],
  ['a shop that is not a myshopify.com domain', { shop: 'not a shop', url }],
  ['a repeated shop', { shop: [shop, shop], url }],
  ['no URL', { shop }],
  ['a repeated URL', { shop, url: [url, url] }],
  ['a repeated token', { shop, url, t: ['a', 'b'] }],
  ['nothing at all', {}],
  ['an empty shop', { shop: '', url }],
  ['a NUL in the URL', { shop, url: `${url}\u0000` }],
  ['a control character in the URL', { shop, url: `${url}\u001b[2J` }],
  ['a NUL in the referrer', { shop, url, ref: 'https://a.example/\u0000' }],
  ['a C1 control in the referrer', { shop, url, ref: 'https://a.example/\u0085' }],
  ['a text-direction override in the URL', { shop, url: `${url}\u202e` }],
  ['a broken character in the referrer', { shop, url, ref: 'https://a.example/\ud800' }],
  ['percent-encoded controls (what browsers send)', { shop, url: `${url}?q=%00%1B` }],
];

describe('the decision query check', () => {
  it.each(cases)('answers like the contract for %s', (_name, query) => {
    expect(viaFast(query)).toEqual(viaZod(query));
  });

  it("refuses with the contract's own texts", () => {
    expect(viaFast({ url })).toEqual({ message: 'The shop is missing.' });
    expect(viaFast({ shop: 'nope', url })).toEqual({
      message: 'The shop is not a valid myshopify.com domain.',
    });
    expect(viaFast({ shop, url: long(2049) })).toEqual({ message: 'The page URL is too long.' });
    expect(viaFast({ shop, url, ref: long(2049) })).toEqual({
      message: 'The referrer is too long.',
    });
    expect(viaFast({ shop, url: `${url}\u0000` })).toEqual({
      message:
        'The page URL contains an invisible control character (such as NUL). Remove it and try again.',
    });
    expect(viaFast({ shop, url, ref: '\u0007' })).toEqual({
      message:
        'The referrer contains an invisible control character (such as NUL). Remove it and try again.',
    });
  });
});
