// How an IP list's CSV file reads: `ip[,note[,expires_at]]` lines, an optional header row
// naming the IP column (an exported file, with its hit columns, reads back too). Each line gets the reason a single add would give (the engine's own
// check, then the same date and range rules); repeats are found by the canonical address.
// The file as a whole must keep the plan's cap and compile with the shop's other rules.
import { expiryProblem, ipEntryScopeProblem, protectionMessages } from '@gatehouse/contracts';
import { compile } from '@gatehouse/engine';
import { planCsvImport, type CsvListFormat } from '../../core/csv/csv-import.js';
import type { IpListKind } from '../../protection/protection-schema.js';
import type { Database } from '../../core/db/client.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import {
  canonicalIp,
  checkRules,
  enforceCap,
  type IpListsState,
  type NewIpEntry,
} from './ip-lists.js';

export const ipCsvFormat: CsvListFormat<NewIpEntry> = {
  columns: ['ip', 'note', 'expires_at'],
  headerNames: new Set(['ip', 'ip address', 'ip_address', 'address', 'cidr']),
  exportColumns: ['hits', 'last_hit_at', 'created_at'],
  nothingNew: 'Every address in the file is already in the list.',
  readLine([ip = '', note = '', expires = '']) {
    if (note.length > 500) return { error: protectionMessages.noteTooLong };
    // Too wide comes first: the engine would suggest the network of a prefix that is itself refused.
    const tooWide = ipEntryScopeProblem(ip);
    if (tooWide) return { error: tooWide };
    const checked = compile({
      appEnabled: true,
      rules: [{ id: 'line', kind: 'ip-block', ip, ...(expires ? { expiresAt: expires } : {}) }],
    });
    if (!checked.ok) {
      return {
        error:
          ip === '' ? protectionMessages.ipMissing : (checked.errors[0]?.message ?? 'Not valid.'),
      };
    }
    const problem = expires ? expiryProblem(expires) : null;
    if (problem) return { error: problem };
    const canonical = canonicalIp(ip);
    if (canonical === null) return { error: `"${ip}" is not a valid IP address or CIDR range` };
    return {
      key: canonical,
      entry: { ip: canonical, note, expiresAt: expires ? new Date(expires) : null },
    };
  },
};

/** Reads the file against the list as it is now. */
export function planIpImport(
  blockers: BlockerRegistry,
  db: Database,
  csv: string,
  state: IpListsState,
  kind: IpListKind,
) {
  return planCsvImport(csv, ipCsvFormat, {
    existing: new Set(state.rows.filter((r) => r.list === kind).map((r) => r.ip)),
    async checkAll(entries) {
      enforceCap(state, kind, entries.length);
      await checkRules(blockers, db, state, kind, entries);
    },
  });
}
