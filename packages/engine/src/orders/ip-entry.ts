// The check of one IP value of an auto-cancel condition (an address or a CIDR range), shared by
// the compiler and the editor, so the browser refuses as it is typed exactly what a save would.
import { parseIpRange, type IpRange } from '../ip/ip-range.js';

export type IpEntryCheck = { ok: true; range: IpRange } | { ok: false; problem: string };

export function checkIpEntry(entry: string): IpEntryCheck {
  const parsed = parseIpRange(entry.trim());
  if (parsed.ok) return { ok: true, range: parsed.range };
  const why = parsed.reason === 'hostBitsSet' ? ` (did you mean ${parsed.network}?)` : '';
  return { ok: false, problem: `"${entry}" is not an IP address or CIDR range${why}.` };
}
