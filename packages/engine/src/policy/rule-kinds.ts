// Every rule kind the engine knows, in the order decide() tries their matchers: IP allow list,
// IP block list, country, ISP/ASN, referrer. A new kind is its matcher file and one line here.
import { asnKind } from '../matchers/asn-matcher.js';
import { countryKind } from '../matchers/country-matcher.js';
import { ipAllowKind, ipBlockKind } from '../matchers/ip-list-matcher.js';
import { referrerKind } from '../matchers/referrer-matcher.js';

export const RULE_KINDS = [ipAllowKind, ipBlockKind, countryKind, asnKind, referrerKind] as const;
