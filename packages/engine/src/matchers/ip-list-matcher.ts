// IP allow list and IP block list: every entry's address or CIDR block goes into one range
// index; a hit yields the entries covering the address in list order, and the first that
// applies (not expired, in scope, enforced) decides.
import {
  buildIpRangeIndex,
  findSegmentV4,
  findSegmentV6,
  ipRangeIndexBytes,
  type TaggedRange,
} from '../ip/ip-range-index.js';
import type { IpRange } from '../ip/ip-range.js';
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
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
