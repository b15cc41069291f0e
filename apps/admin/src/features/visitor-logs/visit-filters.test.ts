import { describe, expect, it } from 'vitest';
import { visitorLogMessages } from '@gatehouse/contracts';
import {
  filterErrors,
  filtersFromParams,
  filtersToParams,
  hasAnyFilter,
  toVisitQuery,
  type LogFilters,
} from './visit-filters.js';

const params = (text: string) => new URLSearchParams(text);

describe('filters in the address bar', () => {
  it('carry the network, bot category and crawler filters, dropping unknown values', () => {
    const filters = filtersFromParams(params('network=vpn&bot=scripts&crawler=fake'));
    expect(filters).toEqual({ network: 'vpn', bot: 'scripts', crawler: 'fake' });
    expect(filtersToParams(filters).toString()).toBe('network=vpn&bot=scripts&crawler=fake');
    expect(toVisitQuery(filters, 0)).toEqual({ network: 'vpn', bot: 'scripts', crawler: 'fake' });
    expect(filtersFromParams(params('network=wifi&bot=robots&crawler=maybe'))).toEqual({});
  });

  it("carry a blocked visit's reference, and show the contract's message for a bad one", () => {
    const filters = filtersFromParams(params('ref=m8g89+2vhne'));
    expect(filters).toEqual({ ref: 'm8g89 2vhne' });
    expect(toVisitQuery(filters, 0)).toEqual({ ref: 'm8g89 2vhne' });
    expect(filterErrors(toVisitQuery(filters, 0))).toEqual({});
    expect(filterErrors({ ref: 'm8g89' })).toEqual({ ip: visitorLogMessages.reference });
    // The reference names its moment; a time range chosen before does not hide it.
    expect(toVisitQuery({ ref: 'm8g89 2vhne', range: '1h', action: 'block' }, 0)).toEqual({
      ref: 'm8g89 2vhne',
      action: 'block',
    });
  });

  it('survive a round trip through search params', () => {
    const filters: LogFilters = {
      action: 'block',
      country: 'DE',
      ip: '203.0.113.0/24',
      asn: 'AS15169',
      url: '/products',
      range: 'custom',
      fromDate: '2026-11-01',
      toDate: '2026-11-20',
    };
    const text = filtersToParams(filters).toString();
    expect(text).toBe(
      'action=block&country=DE&ip=203.0.113.0%2F24&asn=AS15169&url=%2Fproducts&range=custom&from=2026-11-01&to=2026-11-20',
    );
    expect(filtersFromParams(params(text))).toEqual(filters);
  });

  it('drops unknown actions and ranges, blank values and malformed dates', () => {
    expect(
      filtersFromParams(params('action=explode&range=2y&ip=%20%20&url=&from=yesterday')),
    ).toEqual({});
  });

  it('keeps dates only for a custom range', () => {
    expect(filtersFromParams(params('range=7d&from=2026-11-01&to=2026-11-02'))).toEqual({
      range: '7d',
    });
    expect(filtersToParams({ range: '24h', fromDate: '2026-11-01' }).toString()).toBe('range=24h');
  });

  it('upper-cases the country code', () => {
    expect(filtersFromParams(params('country=de')).country).toBe('DE');
  });

  it('knows when nothing is filtered', () => {
    expect(hasAnyFilter({})).toBe(false);
    expect(hasAnyFilter({ url: '  ' })).toBe(false);
    expect(hasAnyFilter({ action: 'monitor' })).toBe(true);
  });
});

describe('the list query', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('passes the contract presets through as they are', () => {
    expect(toVisitQuery({ range: '7d', action: 'allow' }, now)).toEqual({
      range: '7d',
      action: 'allow',
    });
  });

  it('turns 3 days into a start three days before the anchor', () => {
    expect(toVisitQuery({ range: '3d' }, now)).toEqual({ from: '2026-11-19T12:00:00.000Z' });
  });

  it('makes a custom range run from the first local midnight to the one after the last day', () => {
    const query = toVisitQuery(
      { range: 'custom', fromDate: '2026-11-01', toDate: '2026-11-03' },
      now,
    );
    expect(query.from).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 10, 4).toISOString());
  });

  it("reports what the contract refuses with the contract's messages", () => {
    expect(filterErrors({ ip: '203.0.113.999' })).toEqual({
      ip: visitorLogMessages.ipFilter,
    });
    expect(filterErrors({ asn: 'Google' })).toEqual({ asn: visitorLogMessages.asn });
    expect(
      filterErrors({ from: '2026-11-05T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' }),
    ).toEqual({ time: visitorLogMessages.timeOrder });
    expect(filterErrors({ ip: '2001:db8::/32', asn: 'AS15169', country: 'de' })).toEqual({});
  });
});
