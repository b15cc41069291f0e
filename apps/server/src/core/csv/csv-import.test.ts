import { protectionMessages } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { badRequest, forbidden } from '../errors.js';
import { MAX_IMPORT_LINES, planCsvImport, type CsvListFormat } from './csv-import.js';

/** A list of whole numbers with an optional note; "n" names the column. */
const format: CsvListFormat<{ n: number; note: string }> = {
  columns: ['n', 'note'],
  headerNames: new Set(['n', 'number']),
  exportColumns: ['hits', 'added'],
  nothingNew: 'Every number is listed.',
  readLine([text = '', note = '']) {
    const n = Number(text);
    if (text === '' || !Number.isInteger(n)) return { error: `"${text}" is not a number.` };
    return { key: String(n), entry: { n, note } };
  },
};
const list = (
  existing: string[] = [],
  checkAll: (entries: unknown) => Promise<void> = async () => {},
) => ({
  existing: new Set(existing),
  checkAll,
});

describe('planCsvImport', () => {
  it('skips a header row, names bad lines by number, counts repeats and listed entries', async () => {
    const plan = await planCsvImport('Number,note\n1,a\n\nx\n01\n2,b,c\n3\n', format, list(['3']));
    expect(plan.preview).toEqual({
      total: 5,
      valid: 1,
      duplicates: 2,
      errors: [
        { line: 4, text: 'x', reason: '"x" is not a number.' },
        { line: 6, text: '2,b,c', reason: 'Too many columns (expected n, note).' },
      ],
      invalid: 2,
      problem:
        'The file has 2 bad lines. Fix them and check the file again, or skip them and import the rest.',
    });
    expect(plan.entries).toEqual([{ n: 1, note: 'a' }]);
    expect(plan.refusal).toBeNull();
  });

  it('asks the list about the good lines of a file with bad ones, and refuses a file of bad lines', async () => {
    const capped = await planCsvImport(
      '5\nx\n6',
      format,
      list([], async () => {
        throw forbidden('At most 1 number.');
      }),
    );
    expect(capped.preview).toMatchObject({ valid: 2, invalid: 1, problem: 'At most 1 number.' });
    expect([capped.refusal, capped.status]).toEqual(['At most 1 number.', 403]);
    const allBad = await planCsvImport('x\ny\n1', format, list(['1']));
    const message =
      'The file has 2 bad lines. Fix them and check the file again; nothing was imported.';
    expect(allBad.preview).toMatchObject({ valid: 0, duplicates: 1, invalid: 2, problem: message });
    expect(allBad.refusal).toBe(message);
  });

  it('reads an exported file back, its extra columns ignored, and only with its header', async () => {
    const exported = await planCsvImport('n,note,hits\n1,a,5\n2,,0\n', format, list());
    expect(exported.preview).toMatchObject({ valid: 2, errors: [], invalid: 0, problem: null });
    expect(exported.entries).toEqual([
      { n: 1, note: 'a' },
      { n: 2, note: '' },
    ]);
    const other = await planCsvImport('n,note,size\n1,a,5\n', format, list());
    expect(other.preview.errors).toEqual([
      { line: 2, text: '1,a,5', reason: 'Too many columns (expected n, note).' },
    ]);
    const longer = await planCsvImport('n,note,hits,added\n1,a,5,today,more\n', format, list());
    expect(longer.preview.errors).toHaveLength(1);
  });

  it('says when nothing is new, and asks the list about the rest', async () => {
    expect((await planCsvImport('1\n1', format, list(['1']))).preview.problem).toBe(
      'Every number is listed.',
    );
    const seen: unknown[] = [];
    const plan = await planCsvImport(
      '5\n6',
      format,
      list([], async (entries: unknown) => {
        seen.push(entries);
      }),
    );
    expect(seen).toEqual([
      [
        { n: 5, note: '' },
        { n: 6, note: '' },
      ],
    ]);
    expect(plan.preview.problem).toBeNull();
  });

  it("keeps the list's refusal and its status for the commit; other failures are thrown", async () => {
    const capped = await planCsvImport(
      '5',
      format,
      list([], async () => {
        throw forbidden('At most 4 numbers.');
      }),
    );
    expect([capped.preview.problem, capped.refusal, capped.status]).toEqual([
      'At most 4 numbers.',
      'At most 4 numbers.',
      403,
    ]);
    const refused = await planCsvImport(
      '5',
      format,
      list([], async () => {
        throw badRequest('Five is not allowed.');
      }),
    );
    expect([refused.preview.problem, refused.status]).toEqual(['Five is not allowed.', 400]);
    await expect(
      planCsvImport(
        '5',
        format,
        list([], async () => {
          throw new Error('database down');
        }),
      ),
    ).rejects.toThrow('database down');
  });

  it('refuses an empty or too long file, and lists at most 500 bad lines, shortened', async () => {
    await expect(planCsvImport('n\n\n', format, list())).rejects.toThrow(
      protectionMessages.csvEmpty,
    );
    const long = Array.from({ length: MAX_IMPORT_LINES + 1 }, (_, i) => String(i)).join('\n');
    await expect(planCsvImport(long, format, list())).rejects.toThrow(
      protectionMessages.csvTooLarge,
    );
    const bad = Array.from({ length: 600 }, () => `x${'y'.repeat(300)}`).join('\n');
    const plan = await planCsvImport(bad, format, list());
    expect(plan.preview.errors).toHaveLength(500);
    expect(plan.preview.invalid).toBe(600);
    expect(plan.preview.errors[0]!.text).toHaveLength(200);
    expect(plan.preview.problem).toMatch(/^The file has 600 bad lines\./);
  });
});
