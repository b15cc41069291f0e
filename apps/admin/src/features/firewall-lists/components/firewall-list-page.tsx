// /fw-referrerBlocker and /fw-asnBlocker: the firewall's own lists of referrer domains and of
// ASNs or ISP names, read exactly as the storefront's lists are, applied by the firewall
// before the store serves anything, from the list-blocker kit. Part of the Firewall (Premium):
// on a plan without it the page explains it and leads to the subscription page.
import { Badge } from '@shopify/polaris';
import {
  firewallAsnBlockerManifest,
  firewallReferrerBlockerManifest,
  type FirewallListEntry,
} from '@gatehouse/contracts';
import { firewallUpgradeTitle } from '../../../components/entry-list/firewall-paid-page.js';
import {
  ListBlockerKitPage,
  type ListBlockerPages,
  type ListBlockerWords,
} from '../../../components/entry-list/list-blocker-kit.js';

/** What both lists' pages say; each adds what its entries are and how its field reads. */
function firewallListWords(list: {
  unit: string;
  intro: string;
  field: { label: string; placeholder: string; helpText: string };
  valueHeading: string;
  badge: string;
}): ListBlockerWords<FirewallListEntry> {
  return {
    unit: list.unit,
    intro: list.intro,
    upgrade: {
      title: firewallUpgradeTitle,
      intro: 'Stop unwanted visitors at the edge, before your store serves them:',
      items: [
        'blocked requests never reach your store;',
        'scripts that ignore JavaScript are stopped too.',
      ],
    },
    add: {
      field: { ...list.field, maxLength: 300 },
      notePlaceholder: 'Why this entry is here',
      submit: 'Add to block list',
    },
    added: ([entry]) => `Blocked ${entry?.value ?? ''}`,
    table: {
      filterPlaceholder: 'Filter by value or note',
      filterHint: 'Try another value or note.',
      emptyTitle: `No ${list.unit} blocked yet`,
      emptyDescription: 'Add one above.',
      valueHeading: list.valueHeading,
      removeBody: () => 'Requests they blocked reach your store again at once.',
    },
    matches: () => <Badge>{list.badge}</Badge>,
    ruleTitle: 'When a request matches the list',
  };
}

const referrerWords = firewallListWords({
  unit: 'referrer domains',
  intro:
    'The firewall refuses requests sent from these sites (their Referer header) before your store serves them.',
  field: {
    label: 'Referrer domain',
    placeholder: 'spam.example or *.spam.example',
    helpText: '*.spam.example blocks its subdomains; spam.example that site only.',
  },
  valueHeading: 'Domain',
  badge: 'Referrer',
});

const asnWords = firewallListWords({
  unit: 'ASNs and ISP names',
  intro:
    'The firewall refuses requests from these networks before your store serves them: an autonomous system number, or the name of the ISP or hosting company.',
  field: {
    label: 'ASN or ISP name',
    placeholder: 'AS15169, 15169 or Hetzner',
    helpText: 'A name blocks every network whose organisation contains its words.',
  },
  valueHeading: 'Network',
  badge: 'Network',
});

function FirewallReferrerBlockerPage() {
  return <ListBlockerKitPage manifest={firewallReferrerBlockerManifest} words={referrerWords} />;
}

function FirewallAsnBlockerPage() {
  return <ListBlockerKitPage manifest={firewallAsnBlockerManifest} words={asnWords} />;
}

export const listBlockerPages: ListBlockerPages = {
  [firewallReferrerBlockerManifest.name]: FirewallReferrerBlockerPage,
  [firewallAsnBlockerManifest.name]: FirewallAsnBlockerPage,
};
