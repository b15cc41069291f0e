// CSV import in two steps. `preview` reads the whole file and reports what an import would do
// (lines to add, duplicates, every bad line by number with the engine's reason) and stores
// nothing; it answers a token binding the shop, list and exact text. `commit` takes the same
// text and token, checks everything again and imports all of it in one transaction, or none.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  expiryProblem,
  ipEntryScopeProblem,
  protectionMessages,
  type CsvPreview,
} from '@gatehouse/contracts';
import { compile } from '@gatehouse/engine';
import type { IpListKind } from '../../db/protection-schema.js';
import { badRequest } from '../../errors.js';
import { isHeader, MAX_IMPORT_LINES, parseCsv } from '../../csv/csv.js';
import type { Database } from '../../db/client.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import {
  canonicalIp,
  capOf,
  checkRules,
  ipListMessages,
  type IpListsState,
  type NewIpEntry,
} from './ip-lists.js';

export const importMessages = {
  changed: 'The file changed since it was checked. Please check it again before importing.',
  badLines: (n: number) =>
    `The file has ${n} bad ${n === 1 ? 'line' : 'lines'}. Fix ${n === 1 ? 'it' : 'them'} and check the file again; nothing was imported.`,
  nothingNew: 'Every address in the file is already in the list.',
} as const;

export interface ImportPlan {
  preview: Omit<CsvPreview, 'token'>;
  entries: NewIpEntry[];
}

const MAX_REPORTED = 500;

/** Reads the file against the list as it is now. */
export async function planImport(
  blockers: BlockerRegistry,
  db: Database,
  csv: string,
  state: IpListsState,
  kind: IpListKind,
): Promise<ImportPlan> {
  const records = parseCsv(csv);
  if (records.length > 0 && isHeader(records[0]!)) records.shift();
  if (records.length === 0) throw badRequest(protectionMessages.csvEmpty);
  if (records.length > MAX_IMPORT_LINES) throw badRequest(protectionMessages.csvTooLarge);

  const existing = new Set(state.rows.filter((r) => r.list === kind).map((r) => r.ip));
  const seen = new Set<string>();
  const errors: CsvPreview['errors'] = [];
  const entries: NewIpEntry[] = [];
  let badLines = 0;
  let duplicates = 0;
  for (const record of records) {
    const [ip = '', note = '', expires = ''] = record.fields;
    const fail = (reason: string) => {
      badLines++;
      if (errors.length < MAX_REPORTED) {
        errors.push({ line: record.line, text: record.text.slice(0, 200), reason });
      }
    };
    if (record.error !== undefined) {
      fail(record.error);
      continue;
    }
    if (record.fields.length > 3) {
      fail('Too many columns (expected ip, note, expires_at).');
      continue;
    }
    if (note.length > 500) {
      fail(protectionMessages.noteTooLong);
      continue;
    }
    // The engine's own check gives the same reason a single add would.
    const checked = compile({
      appEnabled: true,
      rules: [{ id: 'line', kind: 'ip-block', ip, ...(expires ? { expiresAt: expires } : {}) }],
    });
    if (!checked.ok) {
      fail(ip === '' ? protectionMessages.ipMissing : (checked.errors[0]?.message ?? 'Not valid.'));
      continue;
    }
    // The same date and range rules as a single add.
    const lineProblem = ipEntryScopeProblem(ip) ?? (expires ? expiryProblem(expires) : null);
    if (lineProblem) {
      fail(lineProblem);
      continue;
    }
    const canonical = canonicalIp(ip);
    if (canonical === null) {
      fail(`"${ip}" is not a valid IP address or CIDR range`);
      continue;
    }
    if (seen.has(canonical) || existing.has(canonical)) {
      duplicates++;
      continue;
    }
    seen.add(canonical);
    entries.push({ ip: canonical, note, expiresAt: expires ? new Date(expires) : null });
  }

  let problem: string | null = null;
  if (badLines > 0) problem = importMessages.badLines(badLines);
  else if (entries.length === 0) problem = importMessages.nothingNew;
  else {
    const cap = capOf(state.shop, kind);
    if (cap !== null && existing.size + entries.length > cap) problem = ipListMessages.cap(cap);
    else {
      try {
        await checkRules(blockers, db, state, kind, entries);
      } catch (error) {
        problem = error instanceof Error ? error.message : 'These rules are not valid.';
      }
    }
  }
  return {
    preview: { total: records.length, valid: entries.length, duplicates, errors, problem },
    entries,
  };
}

export function createImportTokens(appSecret: string) {
  const key = createHmac('sha256', appSecret).update('gatehouse csv import').digest();
  const sign = (shopId: string, kind: IpListKind, csv: string) =>
    createHmac('sha256', key)
      .update(`${shopId}\n${kind}\n${createHash('sha256').update(csv).digest('hex')}`)
      .digest('base64url');
  return {
    sign,
    verify(token: string, shopId: string, kind: IpListKind, csv: string): boolean {
      const expected = Buffer.from(sign(shopId, kind, csv));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
