import { beforeAll, describe, expect, it } from 'vitest';
import { loadGeo, type Geo } from '../geo/load-geo.js';
import { buildNetworkClassifier, type LoadedFeed } from './classifier.js';
import { crawlerBit } from './crawlers.js';
import { FEEDS, parseFeed } from './feeds.js';
import {
  NETWORK_HOSTING,
  NETWORK_PRIVATE_RELAY,
  NETWORK_TOR,
  NETWORK_VPN,
} from './network-flags.js';
import { loadNetworkTable } from './network-table.js';

const table = loadNetworkTable();
const feed = (name: string, body: string): LoadedFeed => {
  const definition = FEEDS.find((f) => f.name === name)!;
  return { definition, ranges: parseFeed(definition.format, body) };
};

let geo: Geo;
beforeAll(async () => {
  geo = await loadGeo({ city: false });
});

describe('network classification on the bundled data', () => {
  it('flags cloud and VPN networks by the curated table', () => {
    geo.setClassifier(buildNetworkClassifier(table, []));
    expect(geo.lookup('3.5.140.2')).toMatchObject({ asn: 16509, network: NETWORK_HOSTING });
    expect(geo.lookup('159.89.0.1').network).toBe(NETWORK_HOSTING); // DigitalOcean
    expect(geo.lookup('1.1.1.1').network).toBe(NETWORK_HOSTING | NETWORK_VPN); // Cloudflare
  });

  // Home and mobile carriers of several continents: none may be flagged.
  it.each([
    ['23.24.0.1', 7922], // Comcast
    ['23.29.96.1', 701], // Verizon
    ['12.0.0.1', 7018], // AT&T
    ['2.58.100.1', 3320], // Deutsche Telekom
    ['2.3.0.1', 3215], // Orange
    ['5.35.192.1', 2856], // BT
    ['1.120.0.1', 1221], // Telstra
    ['24.142.116.1', 577], // Bell Canada
    ['23.18.0.1', 21928], // T-Mobile USA
    ['2.22.176.1', 55836], // Reliance Jio
    ['62.147.0.1', 12322], // Free
    ['1.48.0.1', 4134], // China Telecom
  ])('leaves the residential address %s alone', (ip, asn) => {
    geo.setClassifier(buildNetworkClassifier(table, []));
    const facts = geo.lookup(ip);
    expect(facts.asn).toBe(asn);
    expect(facts.network).toBe(0);
  });

  it('marks Tor exits and iCloud Private Relay from their feeds; the relay is not "hosting"', () => {
    geo.setClassifier(
      buildNetworkClassifier(table, [
        feed('tor-exits', '185.220.101.1\n'),
        feed('icloud-private-relay', '172.224.224.0/27,GB,GB-EN,London,\n'),
      ]),
    );
    expect(geo.lookup('185.220.101.1').network & NETWORK_TOR).toBe(NETWORK_TOR);
    expect(geo.lookup('185.220.101.2').network & NETWORK_TOR).toBe(0);
    // 172.224.224.0/27 lies in Akamai's network, which the table lists as hosting.
    expect(geo.lookup('172.224.224.5')).toMatchObject({ network: NETWORK_PRIVATE_RELAY });
  });

  it('checks crawlers by their owners’ networks until their ranges are loaded, then by the ranges', () => {
    const google = crawlerBit('google');
    geo.setClassifier(buildNetworkClassifier(table, []));
    expect(geo.lookup('66.249.66.1')).toMatchObject({ crawlers: google });
    expect(geo.lookup('8.8.8.8').crawlers).toBe(google); // also Google's network
    expect(geo.lookup('66.249.66.1').crawlersKnown & crawlerBit('duckduckgo')).toBe(0);

    geo.setClassifier(
      buildNetworkClassifier(table, [
        feed('googlebot', JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.66.0/27' }] })),
      ]),
    );
    expect(geo.lookup('66.249.66.1').crawlers).toBe(google);
    expect(geo.lookup('8.8.8.8').crawlers).toBe(0);
    expect(geo.lookup('8.8.8.8').crawlersKnown & google).toBe(google);
  });
});

describe('without the relay and Tor lists', () => {
  // 172.224.8.1 and 2a02:26f7:3::1 lie in Akamai's relay network (AS36183), which the table
  // lists as hosting.
  it('takes an address of a relay partner’s relay network for iCloud Private Relay', () => {
    geo.setClassifier(buildNetworkClassifier(table, []));
    for (const ip of ['172.224.8.1', '2a02:26f7:3::1']) {
      expect(geo.lookup(ip)).toMatchObject({ asn: 36183, network: NETWORK_PRIVATE_RELAY });
    }
    // Akamai's content delivery network is still hosting.
    expect(geo.lookup('172.224.224.5')).toMatchObject({ asn: 20940, network: NETWORK_HOSTING });
  });

  it('says which lists are missing, and lets a loaded relay list decide alone', () => {
    geo.setClassifier(buildNetworkClassifier(table, []));
    expect(geo.lookup('172.224.8.1').listsMissing).toBe(NETWORK_TOR | NETWORK_PRIVATE_RELAY);
    geo.setClassifier(
      buildNetworkClassifier(table, [
        feed('tor-exits', '185.220.101.1\n'),
        feed('icloud-private-relay', '172.224.225.0/27,GB,GB-EN,London,\n'),
      ]),
    );
    expect(geo.lookup('172.224.224.5')).toMatchObject({
      listsMissing: 0,
      network: NETWORK_HOSTING,
    });
  });
});
