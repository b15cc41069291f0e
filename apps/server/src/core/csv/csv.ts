// CSV text in and out of the server. Reading splits a file into records (RFC 4180 quoting;
// CRLF or LF; a UTF-8 BOM), keeping each record's line number so the admin can point at bad
// lines. Writing escapes cells a spreadsheet would run as a formula.
import { parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  /** The record as written, for the error list. */
  text: string;
  fields: string[];
  /** Why the record is not readable CSV (a quote left open); its fields are then empty. */
  error?: string;
}

const csvErrors: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted cell is not closed: a closing " is missing.',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'A quoted cell has text after its closing ".',
};

const newlines = (text: string) => text.split('\n').length - 1;

/**
 * Splits CSV text into records with csv-parse; blank lines are skipped and cells trimmed. A
 * record csv-parse cannot read becomes one with an `error`, at the line where it starts.
 */
export function parseCsv(input: string): CsvRecord[] {
  const lines = input.split(/\r?\n/);
  if (lines[0]?.charCodeAt(0) === 0xfeff) lines[0] = lines[0].slice(1);
  const records: CsvRecord[] = [];
  let lastLine = 0;
  const textOf = (first: number, last: number) => lines.slice(first - 1, last).join('\n');
  parse(input, {
    bom: true,
    trim: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n'],
    skip_records_with_error: true,
    on_record: (fields: string[], { lines: last }) => {
      // The record ends on `last`; the line breaks inside its quoted cells say where it began.
      const first = last - fields.reduce((n, field) => n + newlines(field), 0);
      lastLine = last;
      if (fields.length > 1 || fields[0] !== '') {
        records.push({
          line: first,
          text: textOf(first, last),
          fields: fields.map((f) => f.trim()),
        });
      }
      return null;
    },
    on_skip: (error) => {
      let first = lastLine + 1;
      while (first < lines.length && lines[first - 1]!.trim() === '') first++;
      const at = error?.lines;
      const last = Math.max(first, typeof at === 'number' ? at : first);
      lastLine = last;
      records.push({
        line: first,
        text: textOf(first, last),
        fields: [],
        error: csvErrors[error?.code ?? ''] ?? 'This line is not valid CSV.',
      });
    },
  });
  return records;
}

/** One cell of an exported CSV: quoted when needed, formula-looking text made inert. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
