// Bot (VPN/Proxy) Blocker (rule kind `network`): blocks visitors whose address belongs to a
// kind of network the rule lists (hosting, vpn, proxy, tor, privateRelay; see
// network/network-flags.ts), except networks the merchant trusts by AS number. The address's
// flags come with its geo facts, so a check is one AND per rule; most visitors carry no flag
// and leave at the first test.
import { z } from 'zod';
import { NETWORK_KINDS, networkBit } from '../network/network-flags.js';
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { blockingBase, ruleKind } from '../policy/rule-kind.js';
import { isAsn, MAX_ASN_ENTRIES } from '../rules/asn.js';
import { ruleApplies } from './rule-applies.js';

export interface NetworkEntry {
  rule: CompiledRule;
  bits: number;
  exceptAsns: number[];
}

export function createNetworkMatcher(entries: NetworkEntry[]): Matcher {
  const compiled = entries.map((e) => ({
    rule: e.rule,
    bits: e.bits,
    except: e.exceptAsns.length > 0 ? new Set(e.exceptAsns) : null,
  }));
  let any = 0;
  for (const c of compiled) any |= c.bits;
  return {
    evaluate(context: DecideContext): CompiledRule | null {
      // A kind whose list is missing cannot be seen: the decision says so instead of passing
      // for one these rules enforced.
      const missing = (context.facts.listsMissing ?? 0) & any;
      if (missing !== 0) context.unlisted |= missing;
      const flags = context.facts.network ?? 0;
      if ((flags & any) === 0) return null;
      const asn = context.facts.asn;
      for (let i = 0; i < compiled.length; i++) {
        const c = compiled[i]!;
        if ((flags & c.bits) === 0) continue;
        if (c.except !== null && asn !== null && c.except.has(asn)) continue;
        if (ruleApplies(c.rule, context)) return c.rule;
      }
      return null;
    },
    bytes: () => compiled.reduce((sum, c) => sum + 32 + (c.except?.size ?? 0) * 16, 0),
  };
}

export const networkKind = ruleKind({
  skipsSignedAgents: true,
  schema: z.object({
    ...blockingBase,
    kind: z.literal('network'),
    /** The kinds of network the rule blocks. */
    networks: z.array(z.enum(NETWORK_KINDS)).min(1).max(NETWORK_KINDS.length),
    /** Networks (AS numbers) the merchant trusts: never blocked by this rule. */
    exceptAsns: z.array(z.number()).max(MAX_ASN_ENTRIES).optional(),
  }),
  decides: 'block',
  compile(rule, report) {
    let bits = 0;
    for (const kind of rule.networks) bits |= networkBit(kind);
    const exceptAsns: number[] = [];
    (rule.exceptAsns ?? []).forEach((asn, i) => {
      if (isAsn(asn)) exceptAsns.push(asn);
      else {
        report({
          code: 'invalidAsn',
          message: `${asn} is not an AS number`,
          field: ['exceptAsns', i],
        });
      }
    });
    return { bits, exceptAsns };
  },
  matcher: createNetworkMatcher,
});
