// /referrerBlocker: the list of blocked referrer domains (added and removed at once, imported
// from and exported to CSV) and the action and monitor mode of the whole list, from the
// list-blocker kit. A paid feature: on Free the page explains it and leads to the subscription
// page.
import { Badge } from '@shopify/polaris';
import { referrerBlockerManifest, type ReferrerEntry } from '@gatehouse/contracts';
import {
  ListBlockerKitPage,
  type ListBlockerPages,
  type ListBlockerWords,
} from '../../../components/entry-list/list-blocker-kit.js';
import { readDomains } from '../referrer-blocker-form.js';

const words: ListBlockerWords<ReferrerEntry> = {
  unit: 'domains',
  intro:
    'Block visitors by the site that sent them to your store: spam and fake-traffic sites, or pages that link to you and should not. The referrer is the address the visitor’s browser reports; visitors who arrive directly are never matched. Addresses on your allow list still get in; the IP, Country and ISP/ASN Blockers are checked first.',
  upgrade: {
    title: 'The Referrer Blocker is part of Premium and Pay-As-You-Go',
    intro: 'Block visitors by the site that sent them to your store:',
    items: [
      'a domain, like spam.example, blocks visits from that site;',
      'a wildcard, like *.spam.example, blocks visits from all of its subdomains.',
    ],
  },
  add: {
    field: {
      label: 'Referrer domains',
      placeholder: 'spam.example or *.spam.example',
      helpText:
        '“spam.example” blocks visits sent from that site only; “*.spam.example” blocks its subdomains (ads.spam.example) but not spam.example itself. Add several at once, one per line.',
      maxLength: 30_000,
      multiline: 2,
    },
    notePlaceholder: 'Why these domains are here',
    submit: 'Add to block list',
  },
  read: readDomains,
  added(added, skipped) {
    const what = added.length === 1 ? added[0]!.domain : `${added.length} domains`;
    return skipped.length > 0
      ? `Blocked ${what} (${skipped.length} already listed)`
      : `Blocked ${what}`;
  },
  table: {
    filterPlaceholder: 'Filter by domain or note',
    filterHint: 'Try another domain or note.',
    emptyTitle: 'No referrer domains blocked yet',
    emptyDescription: 'Add the domain of a site whose visitors you do not want above.',
    valueHeading: 'Domain',
    removeBody: (count) =>
      `Visitors sent by ${count === 1 ? 'this site' : 'these sites'} can reach your store again at once, unless another rule blocks them.`,
  },
  matches: (entry) =>
    entry.domain.startsWith('*.') ? (
      <Badge tone="info">Subdomains</Badge>
    ) : (
      <Badge>This site only</Badge>
    ),
  ruleTitle: 'When a visitor comes from a blocked site',
  importFormat:
    'One domain per line, like spam.example or *.spam.example, then optionally a note, separated by a comma. A header line (domain,note) is allowed.',
};

function ReferrerBlockerPage() {
  return <ListBlockerKitPage manifest={referrerBlockerManifest} words={words} />;
}

export const listBlockerPages: ListBlockerPages = {
  [referrerBlockerManifest.name]: ReferrerBlockerPage,
};
