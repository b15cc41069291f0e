import type { CsvPreview } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_LISTED_ERRORS, previewModel } from './csv-preview-model.js';

/** A preview of a clean file of one entry, with the fields a case changes. */
const modelOf = (changes: Partial<CsvPreview>) =>
  previewModel({
    total: 1,
    valid: 1,
    duplicates: 0,
    errors: [],
    invalid: 0,
    problem: null,
    token: 't',
    ...changes,
  });
const badLine = (line: number) => ({ line, text: 'x', reason: 'Not an IP address.' });

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
      invalid: 2,
      problem: 'The file has 2 bad lines. Fix them and check the file again, or skip them.',
      token: null,
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
    expect(model.badLines).toBe(2);
  });

  it('offers the good lines of a file with bad ones, skipping the bad ones', () => {
    const problem = 'The file has 2 bad lines. Fix them and check the file again, or skip them.';
    const model = modelOf({
      total: 10,
      valid: 8,
      errors: [badLine(3), badLine(7)],
      invalid: 2,
      problem,
    });
    expect(model.confirmLabel).toBe('Import the 8 good lines, skip the 2 bad ones');
    expect(model.skipInvalid).toBe(true);
    expect(model.problem).toBe(problem);
    const one = modelOf({ total: 2, errors: [badLine(2)], invalid: 1 });
    expect(one.confirmLabel).toBe('Import the 1 good line, skip the 1 bad one');
  });

  it('offers no import when the server gave no token or nothing is valid', () => {
    expect(modelOf({ token: null }).confirmLabel).toBeNull();
    expect(modelOf({ valid: 0 }).confirmLabel).toBeNull();
    expect(modelOf({ valid: 0 }).problem).toBe('Nothing in this file can be imported.');
    const fine = modelOf({});
    expect(fine.confirmLabel).toBe('Import 1 entry');
    expect(fine.skipInvalid).toBe(false);
    expect(fine.problem).toBeNull();
  });

  it("shows the server's reason when the file cannot be imported as a whole", () => {
    const problem = 'The Free plan keeps at most 20 IP Blocker entries.';
    const model = modelOf({
      total: 31,
      valid: 30,
      errors: [badLine(4)],
      invalid: 1,
      problem,
      token: null,
    });
    expect(model.problem).toBe(problem);
    expect(model.confirmLabel).toBeNull();
    expect(model.skipInvalid).toBe(false);
  });

  it('lists the first bad lines and counts the rest, beyond those the server listed', () => {
    const errors = Array.from({ length: MAX_LISTED_ERRORS + 12 }, (_, i) => ({
      line: i + 2,
      text: 'x',
      reason: 'Not an IP address or CIDR range.',
    }));
    const model = previewModel({
      total: 900,
      valid: 0,
      duplicates: 0,
      errors,
      invalid: 900,
      problem:
        'The file has 900 bad lines. Fix them and check the file again; nothing was imported.',
      token: null,
    });
    expect(model.errorLines).toHaveLength(MAX_LISTED_ERRORS);
    expect(model.moreErrors).toBe('and 800 more lines with errors');
    expect(model.summary).toBe(
      '900 lines read, 0 entries to import, 0 duplicates, 900 lines with errors.',
    );
    expect(model.badLines).toBe(900);
  });

  it('writes large counts with thousands separators', () => {
    expect(modelOf({ total: 9500, valid: 9500 }).confirmLabel).toBe('Import 9,500 entries');
  });
});
