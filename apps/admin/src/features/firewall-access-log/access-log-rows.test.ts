import type { FirewallAccessEntry } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import {
  MAX_ROWS,
  mergeEntries,
  NO_FILTERS,
  pathOf,
  readFilters,
  sizeLabel,
} from './access-log-rows.js';

const entry = (id: number): FirewallAccessEntry => ({
  id: String(id),
  time: new Date(1_700_000_000_000 + id).toISOString(),
  ip: '203.0.113.9',
  country: 'DE',
  asn: 24940,
  method: 'GET',
  url: `/p/${id}`,
  status: 200,
  action: 'allow',
  rule: null,
  bytes: 10,
  durationMs: 1,
  signedAgent: null,
});

describe('the rows shown', () => {
  it('puts live entries over the history, newest first, each once', () => {
    const rows = mergeEntries([entry(12), entry(11)], [entry(11), entry(10)], [entry(3)]);
    expect(rows.map((r) => r.id)).toEqual(['12', '11', '10', '3']);
  });

  it('orders ids as numbers, not as text', () => {
    expect(mergeEntries([entry(9), entry(10), entry(100)]).map((r) => r.id)).toEqual([
      '100',
      '10',
      '9',
    ]);
  });

  it(`keeps at most ${MAX_ROWS}`, () => {
    const many = Array.from({ length: MAX_ROWS + 5 }, (_, n) => entry(n + 1));
    const rows = mergeEntries(many);
    expect(rows).toHaveLength(MAX_ROWS);
    expect(rows[0]!.id).toBe(String(MAX_ROWS + 5));
  });
});

describe('the filters', () => {
  it('makes a query of the fields filled in', () => {
    expect(readFilters(NO_FILTERS)).toEqual({ query: {} });
    expect(
      readFilters({ ip: ' 203.0.113.9 ', country: 'de', status: '403', blocked: true }),
    ).toEqual({ query: { ip: '203.0.113.9', country: 'DE', status: '403', blocked: 'true' } });
  });

  it("sends a blocked shopper's reference typed in the address field as the reference", () => {
    expect(readFilters({ ...NO_FILTERS, ip: ' 1kq7m 2x9da ' })).toEqual({
      query: { ref: ' 1kq7m 2x9da ' },
    });
    expect(readFilters({ ...NO_FILTERS, ip: '1KQ7M-2X9DA', blocked: true })).toEqual({
      query: { ref: '1KQ7M-2X9DA', blocked: 'true' },
    });
  });

  it('names the fields that are wrong', () => {
    const read = readFilters({ ip: 'nope', country: 'Germany', status: '42', blocked: false });
    expect('errors' in read && Object.keys(read.errors).sort()).toEqual([
      'country',
      'ip',
      'status',
    ]);
  });
});

describe('row helpers', () => {
  it('blocks a URL by its path', () => {
    expect(pathOf('/wp-login.php?x=1')).toBe('/wp-login.php');
    expect(pathOf('/a#b')).toBe('/a');
    expect(pathOf('/plain')).toBe('/plain');
  });

  it('shows sizes in bytes, KB and MB', () => {
    expect(sizeLabel(512)).toBe('512 B');
    expect(sizeLabel(2048)).toBe('2.0 KB');
    expect(sizeLabel(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
