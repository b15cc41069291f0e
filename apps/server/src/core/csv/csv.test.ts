import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads records with their line numbers, skipping blank lines', () => {
    const records = parseCsv(
      '\uFEFFip,note\r\n1.2.3.4,office\r\n\r\n  \n10.0.0.0/8 , "VPN, main"\n',
    );
    expect(records).toEqual([
      { line: 1, text: 'ip,note', fields: ['ip', 'note'] },
      { line: 2, text: '1.2.3.4,office', fields: ['1.2.3.4', 'office'] },
      { line: 5, text: '10.0.0.0/8 , "VPN, main"', fields: ['10.0.0.0/8', 'VPN, main'] },
    ]);
  });

  it('handles escaped quotes and quoted line breaks, counting lines on', () => {
    const records = parseCsv('1.1.1.1,"say ""hi""\nthere"\n2.2.2.2');
    expect(records[0]?.fields).toEqual(['1.1.1.1', 'say "hi"\nthere']);
    expect(records[1]).toMatchObject({ line: 3, fields: ['2.2.2.2'] });
  });

  it('reads a last line without a newline and an empty text as nothing', () => {
    expect(parseCsv('8.8.8.8')).toEqual([{ line: 1, text: '8.8.8.8', fields: ['8.8.8.8'] }]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n\n')).toEqual([]);
  });

  it('trims cells, quoted or not, and keeps a stray quote inside a cell as text', () => {
    expect(parseCsv('1.2.3.4, " padded " \na"b,c')).toEqual([
      { line: 1, text: '1.2.3.4, " padded " ', fields: ['1.2.3.4', 'padded'] },
      { line: 2, text: 'a"b,c', fields: ['a"b', 'c'] },
    ]);
  });

  it('marks a quote left open at the line where its record starts', () => {
    const records = parseCsv('1.1.1.1,ok\n\n2.2.2.2,"open\n3.3.3.3\n');
    expect(records[0]).toEqual({ line: 1, text: '1.1.1.1,ok', fields: ['1.1.1.1', 'ok'] });
    expect(records[1]).toMatchObject({
      line: 3,
      fields: [],
      error: 'A quoted cell is not closed: a closing " is missing.',
    });
    expect(records[1]?.text.startsWith('2.2.2.2,"open')).toBe(true);
  });

  it('marks text after a closing quote as an unreadable line', () => {
    expect(parseCsv('"1.2.3.4"x')).toEqual([
      {
        line: 1,
        text: '"1.2.3.4"x',
        fields: [],
        error: 'A quoted cell has text after its closing ".',
      },
    ]);
  });
});

describe('csv export cells', () => {
  it('quotes separators and neutralises formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['1.2.3.4', null, 3])).toBe('1.2.3.4,,3\r\n');
  });
});
