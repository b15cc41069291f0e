import { describe, expect, it } from 'vitest';
import { answeredApiVersion, supportedApiVersions } from './api-versions.js';

const at = (iso: string) => new Date(iso);

describe('supported Admin API versions', () => {
  it('are the four stable versions released in the last twelve months, and unstable', () => {
    expect(supportedApiVersions(at('2026-11-28T00:00:00Z'))).toEqual([
      '2026-01',
      '2026-04',
      '2026-07',
      '2026-10',
      'unstable',
    ]);
  });

  it('move on the day a version is released, retiring the one of a year before', () => {
    expect(supportedApiVersions(at('2026-09-30T23:59:59Z'))).toEqual([
      '2025-10',
      '2026-01',
      '2026-04',
      '2026-07',
      'unstable',
    ]);
    expect(supportedApiVersions(at('2026-10-01T00:00:00Z'))[0]).toBe('2026-01');
    expect(supportedApiVersions(at('2027-01-01T00:00:00Z'))).toEqual([
      '2026-04',
      '2026-07',
      '2026-10',
      '2027-01',
      'unstable',
    ]);
  });
});

describe('the version a request is answered as', () => {
  const now = at('2026-11-28T00:00:00Z');

  it('is the version asked while it is supported', () => {
    expect(answeredApiVersion('2026-10', now)).toBe('2026-10');
    expect(answeredApiVersion('2026-01', now)).toBe('2026-01');
    expect(answeredApiVersion('unstable', now)).toBe('unstable');
  });

  it('falls forward to the oldest supported version once the version asked is retired', () => {
    expect(answeredApiVersion('2025-10', now)).toBe('2026-01');
    expect(answeredApiVersion('2019-04', now)).toBe('2026-01');
  });

  it('is none for a version not released yet or not a version', () => {
    expect(answeredApiVersion('2027-01', now)).toBeNull();
    expect(answeredApiVersion('2026-11', now)).toBeNull();
    expect(answeredApiVersion('latest', now)).toBeNull();
  });
});
