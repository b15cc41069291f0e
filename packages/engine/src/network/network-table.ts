// The curated table of networks by AS number (`data/networks.csv`): who runs each listed
// network and why it is flagged. Read once at start; a malformed row stops the load with its
// line number, because a silently skipped row would quietly change what merchants block.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isNetworkKind, networkBit, type NetworkKind } from './network-flags.js';

export interface NetworkTableRow {
  asn: number;
  kinds: NetworkKind[];
  organisation: string;
  why: string;
}

export const NETWORK_TABLE_FILE = fileURLToPath(
  new URL('../../data/networks.csv', import.meta.url),
);

const HEADER = 'asn,kinds,organisation,why';
const MAX_ASN = 4_294_967_295;

/**
 * Parses the table. Lines starting with `#` are comments; the last field may hold commas (the
 * reason is free text), the others may not. Kinds are space-separated. Throws on a bad row,
 * naming its line.
 */
export function parseNetworkTable(text: string): NetworkTableRow[] {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== HEADER) throw new Error(`networks table: line 1 must be "${HEADER}"`);
  const rows: NetworkTableRow[] = [];
  const seen = new Set<number>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fail = (why: string): never => {
      throw new Error(`networks table: line ${i + 1}: ${why}`);
    };
    const parts = line.split(',');
    if (parts.length < 4) fail('expected asn,kinds,organisation,why');
    const [asnText, kindsText, organisation] = parts as [string, string, string];
    const why = parts.slice(3).join(',').trim();
    if (!/^[1-9][0-9]{0,9}$/.test(asnText) || Number(asnText) > MAX_ASN) {
      fail(`"${asnText}" is not an AS number`);
    }
    const asn = Number(asnText);
    if (seen.has(asn)) fail(`AS${asn} is listed twice`);
    seen.add(asn);
    const kinds = kindsText.trim().split(/\s+/);
    for (const kind of kinds) {
      if (!isNetworkKind(kind) || kind === 'tor' || kind === 'privateRelay') {
        fail(`"${kind}" is not one of hosting, vpn, proxy`);
      }
    }
    if (organisation.trim() === '' || why === '') fail('organisation and why are required');
    rows.push({ asn, kinds: kinds as NetworkKind[], organisation: organisation.trim(), why });
  }
  return rows;
}

export function loadNetworkTable(file: string = NETWORK_TABLE_FILE): NetworkTableRow[] {
  return parseNetworkTable(readFileSync(file, 'utf8'));
}

/** AS number → flags. */
export function networkTableFlags(rows: readonly NetworkTableRow[]): Map<number, number> {
  const flags = new Map<number, number>();
  for (const row of rows) {
    let bits = 0;
    for (const kind of row.kinds) bits |= networkBit(kind);
    flags.set(row.asn, bits);
  }
  return flags;
}
