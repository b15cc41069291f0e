import { describe, expect, it } from 'vitest';
import { crawlerVerdict } from './robots-txt-card.js';

describe("a crawler's robots.txt verdict", () => {
  it('calls a crawler kept out of every page disallowed', () => {
    expect(crawlerVerdict({ home: false, collection: false, product: false })).toEqual({
      text: 'Disallowed by your robots.txt',
      tone: 'success',
    });
  });

  it('calls a crawler let into every page allowed', () => {
    expect(crawlerVerdict({ home: true, collection: true, product: true }).text).toBe(
      'Allowed by your robots.txt',
    );
  });

  it('names the pages a crawler kept out of only some still reads', () => {
    expect(crawlerVerdict({ home: true, collection: false, product: true })).toEqual({
      text: 'Allowed on home page and products by your robots.txt',
      tone: 'warning',
    });
  });
});
