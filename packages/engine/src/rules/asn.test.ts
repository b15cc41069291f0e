import { describe, expect, it } from 'vitest';
import { isAsn, looksLikeAsNumber, MAX_ASN, parseAsn, readAsNumber } from './asn.js';

describe('AS numbers', () => {
  it('reads the ways merchants write one', () => {
    for (const text of ['AS15169', 'as15169', 'AS 15169', ' 15169 ', '0015169']) {
      expect(parseAsn(text), text).toBe(15169);
    }
  });

  it('refuses text that is not an AS number', () => {
    for (const text of ['', 'AS', 'Hetzner', 'AS-15169', '15169x', '1.5', '-5']) {
      expect(readAsNumber(text), text).toBeNull();
      expect(parseAsn(text), text).toBeNull();
    }
  });

  it('reads out-of-range numbers but does not accept them', () => {
    expect(readAsNumber('AS0')).toBe(0);
    expect(parseAsn('AS0')).toBeNull();
    expect(parseAsn(String(MAX_ASN))).toBe(MAX_ASN);
    expect(parseAsn(String(MAX_ASN + 1))).toBeNull();
    expect(parseAsn('9'.repeat(400))).toBeNull();
    expect(isAsn(1.5)).toBe(false);
  });

  it('tells a mistyped AS number from an ISP name', () => {
    for (const text of ['ASabc', 'AShetzner', 'AS', ' as ', 'AS-15169', 'as:15169', 'AS_15169']) {
      expect(looksLikeAsNumber(text), text).toBe(true);
    }
    // Names of real networks that start with the same letters.
    for (const text of ['Asahi Net', 'asahi', 'ASUS', 'ASFINAG', 'AS203459-Storm', 'AS Telecom']) {
      expect(looksLikeAsNumber(text), text).toBe(false);
    }
    // Written as AS numbers: read as such, never as names.
    for (const text of ['AS15169', 'as 15169', '15169']) {
      expect(looksLikeAsNumber(text), text).toBe(false);
    }
  });
});
