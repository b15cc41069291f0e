// IP allow list and IP block list, two rule kinds (`ip-allow`, `ip-block`): one address or
// CIDR block per rule, a note, an optional expiry. Each list's entries go into one range
// index; a hit yields the entries covering the address in list order, and the first that
// applies (not expired, in scope, enforced) decides. An entry wider than a list entry may be
// is left out, with a warning.
import { z } from 'zod';
import {
  buildIpRangeIndex,
  findSegmentV4,
  findSegmentV6,
  ipRangeIndexBytes,
  type TaggedRange,
} from '../ip/ip-range-index.js';
import { parseIpRange, type IpRange } from '../ip/ip-range.js';
import { listRangeMessages, listRangeProblem } from '../ip/list-range.js';
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { blockingBase, ruleBase, ruleKind, type Report, type Warn } from '../policy/rule-kind.js';
import { ruleApplies } from './rule-applies.js';

export interface IpListEntry {
  rule: CompiledRule;
  range: IpRange;
}

export function createIpListMatcher(entries: IpListEntry[]): Matcher {
  const rules = entries.map((e) => e.rule);
  const tagged: TaggedRange[] = entries.map((e, item) => ({ range: e.range, item }));
  const index = buildIpRangeIndex(tagged);
  const { offsets: offsets4, items: items4 } = index.v4;
  const { offsets: offsets6, items: items6 } = index.v6;
  return {
    evaluate(context: DecideContext): CompiledRule | null {
      const w = context.words;
      let offsets: Uint32Array;
      let items: Uint32Array;
      let segment: number;
      if (context.version === 4) {
        segment = findSegmentV4(index, w[0]!);
        offsets = offsets4;
        items = items4;
      } else if (context.version === 6) {
        segment = findSegmentV6(index, w[0]!, w[1]!, w[2]!, w[3]!);
        offsets = offsets6;
        items = items6;
      } else return null;
      if (segment < 0) return null;
      for (let k = offsets[segment]!, end = offsets[segment + 1]!; k < end; k++) {
        const rule = rules[items[k]!]!;
        if (ruleApplies(rule, context)) return rule;
      }
      return null;
    },
    bytes: () => ipRangeIndexBytes(index),
  };
}

/** Fields of IP entries: one address or CIDR block, a note, an optional expiry. */
const ipEntry = {
  ip: z.string().max(64),
  note: z.string().max(500).optional(),
  /** ISO 8601 date-time after which the entry no longer matches. */
  expiresAt: z.string().max(40).optional(),
};

/**
 * An entry wider than a list entry may be (list-range.ts) is never applied: kept from before
 * the bound, it would otherwise block, or let in, a large part of the world. The warning says
 * so; saving such an entry is refused before it gets here.
 */
export function listEntryRange(ip: string, range: IpRange, warn: Warn): { range: IpRange } | null {
  if (listRangeProblem(ip, range) === null) return { range };
  warn({ code: 'rangeTooWide', message: listRangeMessages.skipped(ip) });
  return null;
}

function parseRuleIp(ip: string, report: Report, warn: Warn): { range: IpRange } | null {
  const parsed = parseIpRange(ip.trim());
  if (parsed.ok) return listEntryRange(ip.trim(), parsed.range, warn);
  const isBlock = ip.includes('/');
  const message =
    parsed.reason === 'hostBitsSet'
      ? `"${ip}" has bits set after the prefix; did you mean ${parsed.network}?`
      : parsed.reason === 'invalidPrefix'
        ? `"${ip}" has an invalid prefix length`
        : `"${ip}" is not a valid IP address${isBlock ? ' or CIDR range' : ''}`;
  report({ code: isBlock ? 'invalidCidr' : 'invalidIp', message, field: ['ip'] });
  return null;
}

/** The IP allow list: a listed visitor is let in, before any blocking rule is tried. */
export const ipAllowKind = ruleKind({
  schema: z.object({ ...ruleBase, kind: z.literal('ip-allow'), ...ipEntry }),
  decides: 'allow',
  compile: (rule, report, warn) => parseRuleIp(rule.ip, report, warn),
  matcher: createIpListMatcher,
});

/** The IP block list. */
export const ipBlockKind = ruleKind({
  schema: z.object({ ...blockingBase, kind: z.literal('ip-block'), ...ipEntry }),
  decides: 'block',
  compile: (rule, report, warn) => parseRuleIp(rule.ip, report, warn),
  matcher: createIpListMatcher,
});
