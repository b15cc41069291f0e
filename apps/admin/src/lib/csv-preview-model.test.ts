import { describe, expect, it } from 'vitest';
import { MAX_LISTED_ERRORS, previewModel } from './csv-preview-model.js';

describe('the CSV preview model', () => {
  it('sums up the file and lists bad lines by line number', () => {
    const model = previewModel({
      total: 5,
      valid: 2,
      duplicates: 1,
      errors: [
        { line: 6, text: '10.0.0.0/33', reason: 'The prefix length must be 0 to 32.' },
        { line: 3, text: 'not-an-ip', reason: 'Not an IP address or CIDR range.' },
      ],
      problem: null,
      token: 'tok',
    });
    expect(model.summary).toBe(
      '5 lines read, 2 entries to import, 1 duplicate, 2 lines with errors.',
    );
    expect(model.errorLines.map((l) => l.label)).toEqual(['Line 3', 'Line 6']);
    expect(model.errorLines[0]).toMatchObject({
      text: 'not-an-ip',
      reason: 'Not an IP address or CIDR range.',
    });
    expect(model.moreErrors).toBeNull();
    expect(model.confirmLabel).toBe('Import 2 entries');
  });

  it('offers no import when the server gave no token or nothing is valid', () => {
    const base = { total: 1, valid: 1, duplicates: 0, errors: [], problem: null };
    expect(previewModel({ ...base, token: null }).confirmLabel).toBeNull();
    expect(previewModel({ ...base, valid: 0, token: 't' }).confirmLabel).toBeNull();
    expect(previewModel({ ...base, valid: 0, token: 't' }).problem).toBe(
      'Nothing in this file can be imported.',
    );
    const fine = previewModel({ ...base, token: 't' });
    expect(fine.confirmLabel).toBe('Import 1 entry');
    expect(fine.problem).toBeNull();
  });

  it("shows the server's reason when the file cannot be imported as a whole", () => {
    const model = previewModel({
      total: 30,
      valid: 30,
      duplicates: 0,
      errors: [],
      problem: 'The Free plan keeps at most 20 IP Blocker entries.',
      token: null,
    });
    expect(model.problem).toBe('The Free plan keeps at most 20 IP Blocker entries.');
    expect(model.confirmLabel).toBeNull();
  });

  it('lists the first bad lines and counts the rest', () => {
    const errors = Array.from({ length: MAX_LISTED_ERRORS + 12 }, (_, i) => ({
      line: i + 2,
      text: 'x',
      reason: 'Not an IP address or CIDR range.',
    }));
    const model = previewModel({
      total: errors.length,
      valid: 0,
      duplicates: 0,
      errors,
      problem: 'Fix the lines with errors and choose the file again.',
      token: null,
    });
    expect(model.errorLines).toHaveLength(MAX_LISTED_ERRORS);
    expect(model.moreErrors).toBe('and 12 more lines with errors');
    expect(model.summary).toContain('112 lines read');
  });

  it('writes large counts with thousands separators', () => {
    const model = previewModel({
      total: 9500,
      valid: 9500,
      duplicates: 0,
      errors: [],
      problem: null,
      token: 't',
    });
    expect(model.confirmLabel).toBe('Import 9,500 entries');
  });
});
