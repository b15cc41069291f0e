// /asnBlocker: the list of blocked ASNs and ISP names (added one at a time, removed at once)
// and the action and monitor mode of the whole list, from the list-blocker kit. A paid
// feature: on Free the page explains it and leads to the subscription page.
import { Badge } from '@shopify/polaris';
import { asnBlockerManifest, asnEntryLabel, type AsnEntry } from '@gatehouse/contracts';
import {
  ListBlockerKitPage,
  type ListBlockerPages,
  type ListBlockerWords,
} from '../../../components/entry-list/list-blocker-kit.js';

const words: ListBlockerWords<AsnEntry> = {
  unit: 'ASNs and ISP names',
  intro:
    'Block visitors by the network they come from: its autonomous system number (ASN), or the name of the ISP or hosting company that runs it. Hosting and data centre networks are where most scrapers and bots come from. Addresses on your allow list still get in; the IP Blocker and the Country Blocker are checked first.',
  upgrade: {
    title: 'The ISP/ASN Blocker is part of Premium and Pay-As-You-Go',
    intro: 'Block visitors by the network they come from instead of one address at a time:',
    items: [
      'an autonomous system number, like AS15169, covers all its addresses;',
      'an ISP or hosting company’s name, like Hetzner, covers every network it runs.',
    ],
  },
  add: {
    field: {
      label: 'ASN or ISP name',
      placeholder: 'AS15169, 15169 or Hetzner',
      helpText:
        'A name blocks every network whose organisation contains its words, whole and in that order, in any case: “Hetzner” blocks Hetzner Online GmbH.',
      maxLength: 200,
    },
    notePlaceholder: 'Why this entry is here',
    submit: 'Add to block list',
  },
  added: ([entry]) => `Blocked ${entry ? asnEntryLabel(entry) : ''}`,
  table: {
    filterPlaceholder: 'Filter by ASN, name or note',
    filterHint: 'Try another ASN, name or note.',
    emptyTitle: 'No networks blocked yet',
    emptyDescription:
      'Add an ASN or ISP name above, or block a visitor’s network from the visitor log.',
    valueHeading: 'Network',
    removeBody: (count) =>
      `Visitors from ${count === 1 ? 'this network' : 'these networks'} can reach your store again at once, unless another rule blocks them.`,
  },
  matches: (entry) =>
    entry.asn !== null ? <Badge>ASN</Badge> : <Badge tone="info">ISP name (whole words)</Badge>,
  ruleTitle: 'When a visitor comes from a blocked network',
};

function AsnBlockerPage() {
  return <ListBlockerKitPage manifest={asnBlockerManifest} words={words} />;
}

export const listBlockerPages: ListBlockerPages = {
  [asnBlockerManifest.name]: AsnBlockerPage,
};
