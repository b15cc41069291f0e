import { describe, expect, it } from 'vitest';
import { usZipBase } from './us-zip.js';

describe('usZipBase', () => {
  it.each([
    ['90210-1234', 'US', '90210'],
    ['90210 1234', 'US', '90210'],
    ['902101234', 'us', '90210'],
    [' 90210 - 1234 ', 'PR', '90210'],
    ['00601-1234', 'PR', '00601'],
    ['96910-1234', 'GU', '96910'],
    ['90210-1234', null, '90210'],
    ['90210-1234', undefined, '90210'],
    ['90210-1234', '', '90210'],
  ])('%j in %j is the ZIP %j', (zip, country, base) => {
    expect(usZipBase(zip, country)).toBe(base);
  });

  it.each([
    ['90210', 'US'],
    ['90210-12345', 'US'],
    ['9021-01234', 'US'],
    ['90210 1234', null],
    ['902101234', null],
    ['100-0001', 'JP'],
    ['01310-100', 'BR'],
    ['12345-6789', 'DE'],
    ['123456789', 'BR'],
    ['SW1A 1AA', 'GB'],
  ])('%j in %j is no ZIP+4', (zip, country) => {
    expect(usZipBase(zip, country)).toBeNull();
  });
});
