import { describe, expect, it } from 'vitest';
import { riskNoteOf, type OrderFindings } from './risk-note-facts.js';

type Row = OrderFindings['logRows'][number];
const row = (fields: Partial<Row>): Row => ({
  feature: 'auto-cancel',
  filterId: 'f1',
  filterName: 'Risky',
  action: 'cancel',
  status: 'done',
  riskLevel: null,
  error: null,
  ...fields,
});
const nothing: OrderFindings = { network: [], storefrontBlock: null, logRows: [] };

describe('the risk note an order’s findings bear out', () => {
  it('writes nothing when nothing was found, and nothing for Private Relay alone', () => {
    expect(riskNoteOf(nothing)).toBeNull();
    expect(riskNoteOf({ ...nothing, network: ['privateRelay'] })).toBeNull();
  });

  it('rates a Tor exit medium, and a VPN, proxy or data-centre address low', () => {
    expect(riskNoteOf({ ...nothing, network: ['tor'] })?.riskLevel).toBe('MEDIUM');
    const vpn = riskNoteOf({ ...nothing, network: ['vpn', 'proxy', 'hosting'] });
    expect(vpn?.riskLevel).toBe('LOW');
    expect(vpn?.facts.map((f) => f.sentiment)).toEqual(['NEGATIVE', 'NEGATIVE', 'NEGATIVE']);
    expect(vpn?.facts[0]?.description).toBe(
      'The browser IP of the order belongs to a VPN service.',
    );
  });

  it('rates the IP on the block list high, and a blocked country medium, naming it', () => {
    expect(riskNoteOf({ ...nothing, storefrontBlock: { kind: 'ip-block' } })?.riskLevel).toBe(
      'HIGH',
    );
    const country = riskNoteOf({
      ...nothing,
      storefrontBlock: { kind: 'country', country: 'DE' },
    });
    expect(country).toMatchObject({
      riskLevel: 'MEDIUM',
      facts: [
        { description: 'The browser IP of the order is in Germany, a country the store blocks.' },
      ],
    });
  });

  it('rates a filter that cancels high, one that only tags medium, one in monitor mode low', () => {
    expect(riskNoteOf({ ...nothing, logRows: [row({})] })?.riskLevel).toBe('HIGH');
    expect(riskNoteOf({ ...nothing, logRows: [row({ action: 'tag' })] })?.riskLevel).toBe('MEDIUM');
    const monitored = riskNoteOf({ ...nothing, logRows: [row({ status: 'monitored' })] });
    expect(monitored).toMatchObject({
      riskLevel: 'LOW',
      facts: [
        {
          description:
            'The order matches the auto-cancel filter "Risky", which is in monitor mode: it did nothing.',
        },
      ],
    });
  });

  it('tells what Fraud Protect did as a neutral fact that raises nothing', () => {
    const note = riskNoteOf({
      ...nothing,
      logRows: [
        row({ feature: 'fraud-protect', filterId: null, filterName: null, riskLevel: 'HIGH' }),
        row({ feature: 'fraud-protect', filterId: null, action: 'tag', riskLevel: 'HIGH' }),
      ],
    });
    expect(note).toEqual({
      riskLevel: 'NONE',
      facts: [
        {
          description: 'Gatehouse Fraud Protect cancelled the order, rated high risk.',
          sentiment: 'NEUTRAL',
        },
      ],
      dropped: 0,
    });
    const skipped = riskNoteOf({
      ...nothing,
      logRows: [
        row({
          feature: 'fraud-protect',
          filterId: null,
          status: 'skipped',
          riskLevel: 'MEDIUM',
          error: 'The customer has ordered before.',
        }),
      ],
    });
    expect(skipped?.facts[0]?.description).toBe(
      'Gatehouse Fraud Protect left the order, rated medium risk, alone: The customer has ordered before.',
    );
  });

  it('keeps to 20 facts of at most 256 characters, and counts what it left out', () => {
    const rows = Array.from({ length: 22 }, (_, i) =>
      row({ filterId: `f${i}`, filterName: `${'x'.repeat(200)} ${i}`, status: 'monitored' }),
    );
    const note = riskNoteOf({ ...nothing, network: ['tor'], logRows: rows });
    expect(note?.facts).toHaveLength(20);
    expect(note?.dropped).toBe(3);
    expect(note?.riskLevel).toBe('MEDIUM');
    expect(Math.max(...(note?.facts ?? []).map((f) => f.description.length))).toBeLessThanOrEqual(
      256,
    );
  });
});
