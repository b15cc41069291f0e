// Block Lists (Legacy), two rule kinds: `legacy-ip` (one address or CIDR range per rule, tried
// right after the IP block list) and `legacy-country` (the list's countries in one rule, tried
// right after the Country Blocker). They match as the IP block list and a blacklist Country
// Blocker do, with the same matchers; being kinds of their own keeps the visitor log, the
// dashboard and the hit counts on the legacy list.
import { z } from 'zod';
import { parseIpRange } from '../ip/ip-range.js';
import { blockingBase, ruleKind } from '../policy/rule-kind.js';
import { createCountryMatcher, readCountryCodes } from './country-matcher.js';
import { createIpListMatcher, listEntryRange } from './ip-list-matcher.js';

/** An address or CIDR range of the legacy list. */
export const legacyIpKind = ruleKind({
  schema: z.object({
    ...blockingBase,
    kind: z.literal('legacy-ip'),
    ip: z.string().max(64),
    note: z.string().max(500).optional(),
  }),
  decides: 'block',
  compile(rule, report, warn) {
    const parsed = parseIpRange(rule.ip.trim());
    if (parsed.ok) return listEntryRange(rule.ip.trim(), parsed.range, warn);
    report({
      code: 'invalidIp',
      message: `"${rule.ip}" is not a valid IP address or CIDR range`,
      field: ['ip'],
    });
    return null;
  },
  matcher: createIpListMatcher,
});

/** The legacy list's countries: a visitor from any of them is blocked. */
export const legacyCountryKind = ruleKind({
  skipsSignedAgents: true,
  schema: z.object({
    ...blockingBase,
    kind: z.literal('legacy-country'),
    countries: z.array(z.string()).max(300),
  }),
  decides: 'block',
  compile(rule, report) {
    const countries = readCountryCodes(rule.countries, report);
    return countries.length === 0 ? null : { countries };
  },
  matcher: (entries) =>
    createCountryMatcher(
      entries.map((e) => ({
        rule: e.rule,
        mode: 'blacklist',
        countries: e.countries,
        blockUnknown: false,
      })),
    ),
});
