import { describe, expect, it } from 'vitest';
import {
  asnBlockerManifest,
  protectionMessages as m,
  referrerBlockerManifest,
  type AsnEntry,
  type ReferrerEntry,
} from '@gatehouse/contracts';
import { addBody, filterListEntries, readOneEntry } from './list-blocker-calls.js';

const common = {
  note: '',
  hits: 0,
  lastHitAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};
const referrer = (domain: string, note = ''): ReferrerEntry => ({
  id: crypto.randomUUID(),
  ...common,
  domain,
  note,
});
const network = (over: Partial<AsnEntry>): AsnEntry => ({
  id: crypto.randomUUID(),
  ...common,
  asn: null,
  name: null,
  ...over,
});

describe("the list-blocker kit's calls", () => {
  it('filters by the value or the note, ignoring case', () => {
    const filter = filterListEntries(referrerBlockerManifest);
    const entries = [referrer('spam.example', 'Bad ads'), referrer('*.junk.example')];
    expect(filter(entries, 'JUNK').map((e) => e.domain)).toEqual(['*.junk.example']);
    expect(filter(entries, 'bad').map((e) => e.domain)).toEqual(['spam.example']);
    expect(filter(entries, ' ')).toHaveLength(2);
  });

  it('filters a value of several fields by the value as the list shows it', () => {
    const filter = filterListEntries(asnBlockerManifest);
    const entries = [
      network({ asn: 15169, note: 'crawler' }),
      network({ name: 'Hetzner Online' }),
      network({ asn: 24940 }),
      network({ asn: 13335, note: 'cdn 151' }),
    ];
    // As the server's delete of every entry the filter finds: "AS151" is "151" in the note too.
    expect(filter(entries, 'AS151')).toEqual([entries[0], entries[3]]);
    expect(filter(entries, '2494')).toEqual([entries[2]]);
    expect(filter(entries, 'as')).toEqual([entries[0], entries[2], entries[3]]);
    expect(filter(entries, 'hetz')).toEqual([entries[1]]);
    expect(filter(entries, 'CRAWL')).toEqual([entries[0]]);
    expect(filter(entries, ' ')).toEqual(entries);
  });

  it.each([
    ['AS15169', { values: ['AS15169'] }],
    [' as 15169 ', { values: ['AS15169'] }],
    ['15169', { values: ['AS15169'] }],
    ['Hetzner   Online', { values: ['Hetzner Online'] }],
    ['', { error: m.asnValue }],
    ['AS0', { error: m.asnRange }],
    ['99999999999', { error: m.asnRange }],
    ['%%%', { error: m.ispName }],
  ])('reads the add field %j as the contract reads it', (text, read) => {
    expect(readOneEntry(asnBlockerManifest, text)).toEqual(read);
  });

  it('sends a list of values, or the one value a single add takes', () => {
    expect(addBody(referrerBlockerManifest, ['a.example', 'b.example'], 'n')).toEqual({
      domains: ['a.example', 'b.example'],
      note: 'n',
    });
    expect(addBody(asnBlockerManifest, ['AS15169'], '')).toEqual({ value: 'AS15169', note: '' });
  });
});
