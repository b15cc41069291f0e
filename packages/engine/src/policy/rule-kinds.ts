// Every rule kind the engine knows, in the order decide() tries their matchers: IP allow list,
// IP block list, the legacy list's addresses, URL (the firewall's URL Blocker), verified search engines (let in past
// everything after them), country, the legacy list's countries, ISP/ASN, referrer, network (VPN/proxy/hosting), bot user
// agents, then geolocation redirects (only a visitor no rule stopped is sent elsewhere). A
// verified signed agent meets only the kinds that do not skip it (rule-kind.ts): the IP lists,
// the URL rules and the Bot Blocker. A new kind is its matcher file and one line here.
import { asnKind } from '../matchers/asn-matcher.js';
import { botAgentKind } from '../matchers/bot-agent-matcher.js';
import { countryKind } from '../matchers/country-matcher.js';
import { geoRedirectKind } from '../matchers/geo-redirect-matcher.js';
import { ipAllowKind, ipBlockKind } from '../matchers/ip-list-matcher.js';
import { legacyCountryKind, legacyIpKind } from '../matchers/legacy-list-matcher.js';
import { networkKind } from '../matchers/network-matcher.js';
import { referrerKind } from '../matchers/referrer-matcher.js';
import { urlKind } from '../matchers/url-matcher.js';
import { verifiedCrawlerKind } from '../matchers/verified-crawler-matcher.js';

export const RULE_KINDS = [
  ipAllowKind,
  ipBlockKind,
  legacyIpKind,
  urlKind,
  verifiedCrawlerKind,
  countryKind,
  legacyCountryKind,
  asnKind,
  referrerKind,
  networkKind,
  botAgentKind,
  geoRedirectKind,
] as const;
