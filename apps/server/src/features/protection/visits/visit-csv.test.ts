import { describe, expect, it } from 'vitest';
import { csvText, storableText, visitCsvLine, visitsToCsv, type VisitRecord } from './visit-csv.js';

const base: VisitRecord = {
  shopId: '3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  time: new Date('2026-01-02T03:04:05.678Z'),
  ip: '203.0.113.7',
  country: 'DE',
  region: null,
  city: null,
  asn: 3320,
  org: 'Deutsche Telekom AG',
  url: 'https://shop.example/',
  referrer: '',
  userAgent: 'Mozilla/5.0',
  action: 'allow',
  ruleId: null,
  ruleKind: null,
  monitor: false,
  monitorRuleId: null,
};

describe('csvText', () => {
  it('writes NULL as an unquoted empty field and an empty string as a quoted one', () => {
    expect(csvText(null)).toBe('');
    expect(csvText('')).toBe('""');
  });

  it('quotes every value and doubles inner quotes', () => {
    expect(csvText('plain')).toBe('"plain"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('"')).toBe('""""');
  });

  it('keeps commas, line breaks, backslashes and the end-of-data marker inside the quotes', () => {
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('one\ntwo\r\nthree')).toBe('"one\ntwo\r\nthree"');
    expect(csvText('C:\\path\\N')).toBe('"C:\\path\\N"');
    expect(csvText('\\.')).toBe('"\\."');
  });

  it('removes NUL characters, which PostgreSQL text cannot hold', () => {
    expect(storableText('a\0b\0')).toBe('ab');
    expect(csvText('\0"\0')).toBe('""""');
  });
});

describe('visitCsvLine', () => {
  it('writes the columns in order, with ISO time, bare integers and t/f booleans', () => {
    expect(visitCsvLine(base)).toBe(
      '"3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b",2026-01-02T03:04:05.678Z,"203.0.113.7","DE",,,3320,' +
        '"Deutsche Telekom AG","https://shop.example/","","Mozilla/5.0","allow",,,f,',
    );
    expect(visitCsvLine({ ...base, asn: null, monitor: true, monitorRuleId: 'country' })).toMatch(
      /,"DE",,,,"Deutsche.*,t,"country"$/,
    );
  });

  it('refuses a non-integer ASN instead of writing a value the column would reject later', () => {
    expect(() => visitCsvLine({ ...base, asn: 1.5 })).toThrow(/Not an integer/);
  });

  it('ends every visit with a line break', () => {
    expect(visitsToCsv([base, base]).split('\n')).toHaveLength(3);
    expect(visitsToCsv([])).toBe('');
  });
});
