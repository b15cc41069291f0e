import { describe, expect, it } from 'vitest';
import {
  dateProblem,
  expiryProblem,
  hygieneMessages,
  ipEntryScopeProblem,
  isIpListCursor,
  isVisitCursor,
  requestHygieneProblem,
  textProblem,
} from './hygiene.js';

const cursor = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');

describe('text', () => {
  it.each(['a\u0000b', 'a\u0007', '\u007f', '\u0085', 'x\ud800'])('refuses %j', (text) => {
    expect(textProblem(text, 'The note')).not.toBeNull();
  });
  it('refuses bidi overrides only in text a merchant is shown', () => {
    expect(textProblem('abc\u202e', 'The note')).toBe(hygieneMessages.bidi('The note'));
    expect(textProblem('abc\u202e', 'The token', false)).toBeNull();
  });
  it.each(['Hetzner Online GmbH', 'line one\nline two\ttab', 'שלום', '😀'])('keeps %j', (t) => {
    expect(textProblem(t, 'The note')).toBeNull();
  });
  it('finds a bad string or prototype key anywhere in a request', () => {
    expect(requestHygieneProblem({ a: [{ b: 'x\u0000' }] })).toMatch(/"a.0.b"/);
    expect(requestHygieneProblem(JSON.parse('{"__proto__": 1}'))).toMatch(/__proto__/);
    expect(requestHygieneProblem({ a: 'fine', b: [1, true, null] })).toBeNull();
  });
});

describe('dates', () => {
  it.each(['2030-01-31', '2030-01-31T12:00:00Z', '2030-01-31T12:00:00.123+02:00', '2100-12-31'])(
    'accepts %s',
    (d) => expect(dateProblem(d, 'The date')).toBeNull(),
  );
  it.each(['2027-02-30', '2030-13-01', '2030-01-01T24:00:00Z', '2030-01-01T00:00:00+99:00'])(
    'refuses the impossible %s',
    (d) => expect(dateProblem(d, 'The date')).toBe(hygieneMessages.date('The date')),
  );
  it.each(['0000-01-01', '0001-01-01T00:00:00Z', '0099-06-01', '2101-01-01', '1999-12-31'])(
    'refuses %s outside 2000–2100',
    (d) => expect(dateProblem(d, 'The date')).toBe(hygieneMessages.year('The date', 2000, 2100)),
  );
  it('refuses an expiry already past', () => {
    const now = Date.parse('2030-06-01T00:00:00Z');
    expect(expiryProblem('2030-05-31T23:59:59Z', now)).toBe(hygieneMessages.past);
    expect(expiryProblem('2030-06-02', now)).toBeNull();
  });
});

describe('cursors', () => {
  it('checks a visit cursor in shape and range', () => {
    expect(isVisitCursor(cursor(['2030-01-31 12:00:00.123456+00', '42']))).toBe(true);
    expect(isVisitCursor(cursor(['2030-01-31 12:00:00+00', '9223372036854775808']))).toBe(false);
    expect(isVisitCursor(cursor(['2030-13-31 12:00:00+00', '1']))).toBe(false);
    expect(isVisitCursor(cursor(['2030-01-31 12:00:00+99', '1']))).toBe(false);
    expect(isVisitCursor('nonsense!')).toBe(false);
  });
  it('checks an IP-list cursor for a real uuid', () => {
    const at = '2030-01-31T12:00:00.000Z';
    expect(isIpListCursor(cursor([at, '0b6e4a4e-4f4a-4c1e-9a57-3f0f8f6a2b10']))).toBe(true);
    expect(isIpListCursor(cursor([at, '-'.repeat(36)]))).toBe(false);
  });
});

describe('ranges', () => {
  it.each(['0.0.0.0/0', '::/0', '::ffff:0.0.0.0/96', ' 0.0.0.0/0 '])('refuses %s', (ip) => {
    expect(ipEntryScopeProblem(ip)).toMatch(/every address/);
  });
  it.each([
    ['0.0.0.0/1', /"0\.0\.0\.0\/1" covers 1\/2 of all IPv4 addresses.*at most a \/8/],
    ['128.0.0.0/1', /1\/2 of all IPv4/],
    ['10.0.0.0/7', /1\/128 of all IPv4/],
    ['::ffff:0.0.0.0/100', /"::ffff:0\.0\.0\.0\/100" \(0\.0\.0\.0\/4\) covers 1\/16 of/],
    ['2000::/3', /of all IPv6 addresses.*at most a \/16/],
  ])('refuses %s, wider than an entry may be', (ip, message) => {
    expect(ipEntryScopeProblem(ip)).toMatch(message);
  });
  it.each(['10.0.0.0/8', '::ffff:10.0.0.0/104', '203.0.113.7', '2001:db8::/32', '2001::/16'])(
    'keeps %s',
    (ip) => {
      expect(ipEntryScopeProblem(ip)).toBeNull();
    },
  );
});
