// The decision table's verified-crawler rows: a search engine's crawler from its own network is
// let in past country, ISP/ASN and network rules, not past an IP block entry; the same user
// agent from anywhere else is not.
import {
  BINGBOT_IP,
  BINGBOT_UA,
  DIGITALOCEAN,
  DIGITALOCEAN_NET,
  GOOGLE,
  GOOGLEBOT_IP,
  GOOGLEBOT_UA,
  MICROSOFT,
  STOREBOT_UA,
  VERIFIED,
  agent,
  on,
  type DecideCase,
} from './decide-case-kit.js';

const blacklist = (...countries: string[]) =>
  ({ id: 'countries', kind: 'country', mode: 'blacklist', countries }) as const;

export const crawlerCases: DecideCase[] = [
  {
    name: 'Googlebot from Google’s network is let in though its country is blacklisted',
    rules: on(VERIFIED, blacklist('US')),
    visit: agent(GOOGLEBOT_IP, GOOGLEBOT_UA),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'allow', ruleId: 'verified-crawlers' },
  },
  {
    name: 'Bingbot from Microsoft’s network is let in though its country is blacklisted',
    rules: on(VERIFIED, blacklist('US')),
    visit: agent(BINGBOT_IP, BINGBOT_UA),
    country: 'US',
    ...MICROSOFT,
    expect: { action: 'allow', ruleId: 'verified-crawlers' },
  },
  {
    name: 'Storebot-Google is let in by a country whitelist that leaves its country out',
    rules: on(VERIFIED, { id: 'countries', kind: 'country', mode: 'whitelist', countries: ['FR'] }),
    visit: agent(GOOGLEBOT_IP, STOREBOT_UA),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'allow', ruleId: 'verified-crawlers' },
  },
  {
    name: 'a verified crawler passes an ISP/ASN rule listing its network',
    rules: on(VERIFIED, { id: 'a1', kind: 'asn', asns: [15169] }),
    visit: agent(GOOGLEBOT_IP, GOOGLEBOT_UA),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'allow', ruleId: 'verified-crawlers' },
  },
  {
    name: 'a verified crawler passes a hosting-network rule',
    rules: on(VERIFIED, { id: 'hosting', kind: 'network', networks: ['hosting'] }),
    visit: agent(GOOGLEBOT_IP, GOOGLEBOT_UA),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'allow', ruleId: 'verified-crawlers' },
  },
  {
    name: 'an IP block entry still stops a verified crawler',
    rules: on(VERIFIED, { id: 'ip1', kind: 'ip-block', ip: GOOGLEBOT_IP }, blacklist('US')),
    visit: agent(GOOGLEBOT_IP, GOOGLEBOT_UA),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'block', ruleId: 'ip1' },
  },
  {
    name: 'a Googlebot user agent from a hosting network is a fake and meets the country rule',
    rules: on(VERIFIED, blacklist('DE')),
    visit: agent(DIGITALOCEAN, GOOGLEBOT_UA),
    country: 'DE',
    ...DIGITALOCEAN_NET,
    expect: { action: 'block', ruleId: 'countries' },
  },
  {
    name: 'a fake Googlebot from a hosting network is blocked by the hosting rule',
    rules: on(VERIFIED, { id: 'hosting', kind: 'network', networks: ['hosting'] }),
    visit: agent(DIGITALOCEAN, GOOGLEBOT_UA),
    country: 'DE',
    ...DIGITALOCEAN_NET,
    expect: { action: 'block', ruleId: 'hosting' },
  },
  {
    name: 'with the switch off, Googlebot meets the country rule like anyone',
    rules: on(blacklist('US')),
    visit: agent(GOOGLEBOT_IP, GOOGLEBOT_UA),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'block', ruleId: 'countries' },
  },
];
