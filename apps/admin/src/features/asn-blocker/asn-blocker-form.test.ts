import { describe, expect, it } from 'vitest';
import { protectionMessages as m, type AsnEntry } from '@gatehouse/contracts';
import { entryError, filterEntries, formError, toForm, toSettings } from './asn-blocker-form.js';

const entry = (over: Partial<AsnEntry>): AsnEntry => ({
  id: crypto.randomUUID(),
  asn: null,
  name: null,
  note: '',
  hits: 0,
  lastHitAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

describe('the ISP/ASN Blocker form', () => {
  it('keeps the redirect address while the block page is chosen', () => {
    const form = toForm({ action: { type: 'redirect', url: 'https://x.example/' }, monitor: true });
    expect(toSettings({ ...form, actionType: 'block' })).toEqual({
      action: { type: 'block' },
      monitor: true,
    });
    expect(toSettings(form)).toEqual({
      action: { type: 'redirect', url: 'https://x.example/' },
      monitor: true,
    });
  });

  it('asks for a full redirect address only when redirecting', () => {
    const form = toForm({ action: { type: 'block' }, monitor: false });
    expect(formError(form)).toBeUndefined();
    expect(formError({ ...form, actionType: 'redirect', redirectUrl: 'example.com' })).toBe(
      m.redirectUrl,
    );
    expect(
      formError({ ...form, actionType: 'redirect', redirectUrl: ' https://example.com/a ' }),
    ).toBeUndefined();
  });

  it.each([
    ['AS15169', undefined],
    ['15169', undefined],
    ['Hetzner Online', undefined],
    ['', m.asnValue],
    ['AS0', m.asnRange],
    ['99999999999', m.asnRange],
    ['%%%', m.ispName],
  ])('reads the add field %j', (text, error) => {
    expect(entryError(text)).toBe(error);
  });

  it('filters entries by ASN, name or note', () => {
    const entries = [
      entry({ asn: 15169, note: 'crawler' }),
      entry({ name: 'Hetzner Online' }),
      entry({ asn: 24940 }),
    ];
    expect(filterEntries(entries, 'AS151')).toEqual([entries[0]]);
    expect(filterEntries(entries, 'hetz')).toEqual([entries[1]]);
    expect(filterEntries(entries, 'CRAWL')).toEqual([entries[0]]);
    expect(filterEntries(entries, ' ')).toEqual(entries);
  });
});
