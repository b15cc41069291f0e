// CSV import into a list, in two steps, for every list that imports (the IP lists, the list
// blockers with CSV files, Customer Block Lists). The preview reads the whole file against the list as
// it is now and reports what an import would do (entries to add, duplicates, every bad line by
// number with the list's own reason) and stores nothing; it answers a token binding the shop,
// the list and the exact text whenever the file's good lines can be imported. The commit takes
// the same text and token and checks everything again. A file with bad lines is refused naming
// the first one, unless the commit asks to skip them: then its good lines are stored, all at
// once or none, and the skipped lines are counted in the answer and the log. The list says how
// a line reads and how its entries are stored.
import {
  maxCsvChars,
  protectionMessages,
  type ApiCall,
  type csvCommitRequest,
  type csvCommitResult,
  type csvImportRequest,
  type CsvPreview,
  type csvPreview,
  type ErrorCode,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import { route } from '../http/route.js';
import { parseCsv, type CsvRecord } from './csv.js';
import { createImportTokens } from './csv-import-token.js';

export const MAX_IMPORT_LINES = 10_000;
/** Bad lines listed in a preview; the rest are counted. */
const MAX_REPORTED = 500;
/** A bad line's text is shown up to this length. */
const MAX_LINE_TEXT = 200;

export const importMessages = {
  changed: 'The file changed since it was checked. Please check it again before importing.',
  badLines: (n: number) =>
    `The file has ${n} bad ${n === 1 ? 'line' : 'lines'}. Fix ${n === 1 ? 'it' : 'them'} and check the file again; nothing was imported.`,
  /** A commit of a file with bad lines names the first one. */
  badLineAt: (line: number, reason: string, n: number) =>
    `Line ${line}: ${reason.replace(/\.?$/, '.')} ${importMessages.badLines(n)}`,
  /** The file has bad lines, but its good lines can be imported without them. */
  badLinesSkippable: (n: number) =>
    `The file has ${n} bad ${n === 1 ? 'line' : 'lines'}. Fix ${n === 1 ? 'it' : 'them'} and check the file again, or skip ${n === 1 ? 'it' : 'them'} and import the rest.`,
  tooManyColumns: (columns: readonly string[]) =>
    `Too many columns (expected ${columns.join(', ')}).`,
} as const;

/** How a list's CSV file reads. */
export interface CsvListFormat<E> {
  /** The columns of a line, in order ("ip", "note", "expires_at"). */
  columns: readonly string[];
  /** First cells (lower case) that mark the first line as a header row. */
  headerNames: ReadonlySet<string>;
  /**
   * The columns the list's export writes after `columns` (hits…): a file whose header row
   * names them, as an exported file does, reads back with them ignored.
   */
  exportColumns: readonly string[];
  /** One line's cells: its entry and the key repeats are found by, or why it is refused. */
  readLine(fields: string[]): { key: string; entry: E } | { error: string };
  /** The preview's problem when every entry of the file is already in the list. */
  nothingNew: string;
}

/** The list as it is now. */
export interface CsvListState<E> {
  /** Keys of the entries listed. */
  existing: ReadonlySet<string>;
  /** Throws what adding these entries would answer (the cap, the engine's check). */
  checkAll(entries: E[]): Promise<void>;
}

export interface CsvImportPlan<E> {
  preview: Omit<CsvPreview, 'token'>;
  /** The entries to store, in file order (the good lines', less duplicates). */
  entries: E[];
  /** Why the entries cannot be stored, even with the bad lines left out; null when they can. */
  refusal: string | null;
  /** The status a commit refuses the good lines with (403 for a plan's cap). */
  status: number;
  /** The kind of that refusal. */
  code: ErrorCode;
}

const isHeader = (record: CsvRecord, names: ReadonlySet<string>) =>
  names.has((record.fields[0] ?? '').toLowerCase());

/** How many cells a line may have: more when the header row names the export's columns. */
function columnsAllowed(header: CsvRecord | undefined, format: CsvListFormat<unknown>): number {
  const names = header?.fields.map((f) => f.toLowerCase()) ?? [];
  const exported = [...format.columns, ...format.exportColumns];
  const ok = names.length > format.columns.length && names.every((n, i) => n === exported[i]);
  return ok ? names.length : format.columns.length;
}

/** Reads the file against the list as it is now; 400 for an empty or too long file. */
export async function planCsvImport<E>(
  csv: string,
  format: CsvListFormat<E>,
  state: CsvListState<E>,
): Promise<CsvImportPlan<E>> {
  const records = parseCsv(csv);
  const header =
    records.length > 0 && isHeader(records[0]!, format.headerNames) ? records.shift() : undefined;
  const allowed = columnsAllowed(header, format);
  if (records.length === 0) throw badRequest(protectionMessages.csvEmpty);
  if (records.length > MAX_IMPORT_LINES) throw badRequest(protectionMessages.csvTooLarge);

  const seen = new Set<string>();
  const errors: CsvPreview['errors'] = [];
  const entries: E[] = [];
  let badLines = 0;
  let duplicates = 0;
  for (const record of records) {
    const read =
      record.error !== undefined
        ? { error: record.error }
        : record.fields.length > allowed
          ? { error: importMessages.tooManyColumns(format.columns) }
          : format.readLine(record.fields.slice(0, format.columns.length));
    if ('error' in read) {
      badLines++;
      if (errors.length < MAX_REPORTED) {
        errors.push({
          line: record.line,
          text: record.text.slice(0, MAX_LINE_TEXT),
          reason: read.error,
        });
      }
    } else if (seen.has(read.key) || state.existing.has(read.key)) {
      duplicates++;
    } else {
      seen.add(read.key);
      entries.push(read.entry);
    }
  }

  // Why the good lines cannot be stored, whatever becomes of the bad ones.
  let refusal: string | null = null;
  let status = 400;
  let code: ErrorCode = 'bad_request';
  if (entries.length === 0) {
    refusal = badLines > 0 ? importMessages.badLines(badLines) : format.nothingNew;
  } else {
    try {
      await state.checkAll(entries);
    } catch (error) {
      // A refusal the merchant can act on becomes the file's problem; anything else is ours.
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      refusal = error.message;
      status = error.statusCode;
      code = error.code;
    }
  }
  const problem = refusal ?? (badLines > 0 ? importMessages.badLinesSkippable(badLines) : null);
  return {
    preview: {
      total: records.length,
      valid: entries.length,
      duplicates,
      errors,
      invalid: badLines,
      problem,
    },
    entries,
    refusal,
    status,
    code,
  };
}

export interface CsvImportRoutes<E> {
  preview: ApiCall<typeof csvImportRequest, typeof csvPreview>;
  commit: ApiCall<typeof csvCommitRequest, typeof csvCommitResult>;
  /** The list a token is bound to, besides the shop and the exact text. */
  list: string;
  /** Reads the file against the shop's list as it is now (planCsvImport). */
  plan(shopId: string, csv: string): Promise<CsvImportPlan<E>>;
  /** Stores the entries all at once, or none; answers how many were stored. */
  store(shopId: string, entries: E[]): Promise<number>;
  /** Told after a commit stored entries; by default the shop's storefront policy is rebuilt. */
  changed?: (shopId: string) => Promise<void>;
  /** What the merchant should know about the list after an import; none by default. */
  notices?: (shopId: string) => Promise<string[]>;
}

/**
 * The import calls' bodies may be larger than other calls': the file's text is escaped in
 * JSON (a quote or a line break takes two bytes, a character outside ASCII up to three, a
 * control character six), and a file within the contract's limit must reach the contract's
 * check to be answered with its 400, not with the body limit's 413.
 */
const IMPORT_BODY_LIMIT = 6 * maxCsvChars + 64 * 1024;

/** The preview and commit calls of one list; a commit tells the list's `changed`. */
export function registerCsvImport<E>(app: FastifyInstance, spec: CsvImportRoutes<E>): void {
  const tokens = createImportTokens(app.config.appSecret);
  const bodyLimit = IMPORT_BODY_LIMIT;

  route(
    app,
    spec.preview,
    async ({ csv }, { session }) => {
      const { preview, refusal } = await spec.plan(session.shopId, csv);
      return {
        ...preview,
        token: refusal === null ? tokens.sign(session.shopId, spec.list, csv) : null,
      };
    },
    { bodyLimit },
  );

  route(
    app,
    spec.commit,
    async ({ csv, token, skipInvalid }, { session, request }) => {
      const { preview, entries, refusal, status, code } = await spec.plan(session.shopId, csv);
      const [first] = preview.errors;
      if (first && !skipInvalid) {
        throw badRequest(importMessages.badLineAt(first.line, first.reason, preview.invalid));
      }
      // Nothing of the file can be stored (no good line, the plan's cap…), whatever the token.
      if (refusal !== null) throw new AppError(status, code, refusal);
      if (!tokens.verify(token, session.shopId, spec.list, csv)) {
        throw badRequest(importMessages.changed);
      }
      const imported = await spec.store(session.shopId, entries);
      const skipped = preview.invalid;
      if (skipped > 0) {
        request.log.info({ list: spec.list, imported, skipped }, 'CSV import skipped bad lines');
      }
      if (spec.changed) await spec.changed(session.shopId);
      else await app.protection.changed(session.shopId);
      const notices = spec.notices ? await spec.notices(session.shopId) : [];
      return { imported, skipped, notices };
    },
    { mutates: true, bodyLimit },
  );
}
