import { describe, expect, it } from 'vitest';
import { capReached, capText, dateFromExpiry, expiryFromDate, expiryText } from './list-rules.js';

describe('the plan cap line', () => {
  it('counts against the Free cap', () => {
    expect(capText(12, 20)).toBe('12 of 20 entries');
    expect(capText(0, 20)).toBe('0 of 20 entries');
  });

  it('just counts when the plan has no cap', () => {
    expect(capText(3, null)).toBe('3 entries');
    expect(capText(1, null)).toBe('1 entry');
    expect(capText(3005, null)).toBe('3,005 entries');
  });

  it('is reached at the cap, never without one', () => {
    expect(capReached(19, 20)).toBe(false);
    expect(capReached(20, 20)).toBe(true);
    expect(capReached(5000, null)).toBe(false);
  });
});

describe('expiry dates', () => {
  it('expires at the end of the chosen day and reads back as that day', () => {
    const expiry = expiryFromDate('2030-01-31');
    expect(expiry).not.toBeNull();
    expect(dateFromExpiry(expiry)).toBe('2030-01-31');
    const at = new Date(expiry ?? '');
    expect([at.getHours(), at.getMinutes(), at.getSeconds()]).toEqual([23, 59, 59]);
  });

  it('treats an empty or malformed field as no expiry', () => {
    expect(expiryFromDate('')).toBeNull();
    expect(expiryFromDate('31/01/2030')).toBeNull();
    expect(dateFromExpiry(null)).toBe('');
  });

  it('shows never, expired or the date', () => {
    const now = Date.parse('2030-06-01T00:00:00Z');
    expect(expiryText(null, now)).toBe('Never');
    expect(expiryText('2030-01-01T00:00:00Z', now)).toBe('Expired');
    expect(expiryText('2031-03-15T12:00:00Z', now)).toBe('Mar 15, 2031');
  });
});
