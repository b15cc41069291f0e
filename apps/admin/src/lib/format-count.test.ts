import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './format-count.js';

describe('counts', () => {
  it('groups digits by commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(3005)).toBe('3,005');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('names one thing in the singular and any other number in the plural', () => {
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(0, 'entry', 'entries')).toBe('0 entries');
    expect(countOf(3005, 'entry', 'entries')).toBe('3,005 entries');
  });
});
