// CSV in and out of the IP lists. Import reads `ip[,note[,expires_at]]` lines (an optional
// header row naming the columns; RFC 4180 quoting; CRLF or LF; a UTF-8 BOM), keeping each
// record's line number so the admin can point at bad lines. Export writes the same columns
// plus hit counts, escaping cells a spreadsheet would run as a formula.

export interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  /** The record as written, for the error list. */
  text: string;
  fields: string[];
}

export const MAX_IMPORT_LINES = 10_000;

/** Splits CSV text into records; blank lines are skipped. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let startLine = 1;
  let start = 0;
  let quoted = false;
  let i = 0;
  const endRecord = (end: number) => {
    fields.push(field);
    const raw = text.slice(start, end).replace(/\r$/, '');
    if (fields.length > 1 || fields[0]!.trim() !== '') {
      records.push({ line: startLine, text: raw, fields: fields.map((f) => f.trim()) });
    }
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n') {
      endRecord(i);
      line++;
      startLine = line;
      start = i + 1;
    } else if (c !== '\r' || text[i + 1] !== '\n') {
      field += c;
    }
    i++;
  }
  if (start < text.length) endRecord(text.length);
  return records;
}

const HEADER_NAMES = new Set(['ip', 'ip address', 'ip_address', 'address', 'cidr']);

/** True when the record is a header row (its first cell names the IP column). */
export function isHeader(record: CsvRecord): boolean {
  return HEADER_NAMES.has((record.fields[0] ?? '').toLowerCase());
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
