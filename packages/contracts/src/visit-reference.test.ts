// A blocked visit's reference: the same time and address tag come back from what a person
// types, the time is found again from the moment it is looked up, and nothing else reads as a
// reference.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isVisitReference,
  parseVisitReference,
  visitAddressTag,
  visitReference,
  visitReferenceTime,
} from './visit-reference.js';

const DAY = 86_400_000;

describe('visit references', () => {
  it('are ten characters in two groups naming the millisecond and the address', () => {
    const at = Date.UTC(2026, 10, 28, 4, 31, 7, 123);
    const reference = visitReference(at, '203.0.113.7');
    expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const parsed = parseVisitReference(reference)!;
    expect(parsed.tag).toBe(visitAddressTag('203.0.113.7'));
    expect(visitReferenceTime(parsed, at + DAY)).toBe(at);
    expect(visitReference(at + 1, '203.0.113.7')).not.toBe(reference);
    // Another shopper in the same millisecond (tags of 1024 values: these two differ).
    expect(visitReference(at, '203.0.113.8')).not.toBe(reference);
  });

  it('read what a person types: any case, spaces, no dashes, O for 0 and I or L for 1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.ipV4(),
        fc.integer({ min: 0, max: 90 * DAY }),
        (at, ip, age) => {
          const reference = visitReference(at, ip);
          const typed = [
            reference.toLowerCase().replace(/-/g, ' '),
            ` ${reference.replace(/-/g, '')} `,
            reference.replace(/0/g, 'o').replace(/1/g, 'l'),
          ];
          for (const text of typed) {
            const parsed = parseVisitReference(text);
            expect(parsed?.tag).toBe(visitAddressTag(ip));
            // Looked up any time later (visits are kept far less than 35 years).
            expect(visitReferenceTime(parsed!, at + age)).toBe(at);
          }
        },
      ),
    );
  });

  it('are never an IP address, a range or a word of another length', () => {
    const others = [
      '203.0.113.7',
      '2001:db8::1',
      '203.0.113.0/24',
      'ABCDEFGHJ',
      'ABCDEFGHJKM',
      'ABCDE-FGHJ!',
      'UUUUU-00000',
      '',
    ];
    for (const text of others) expect(isVisitReference(text)).toBe(false);
  });
});
