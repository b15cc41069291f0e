// What differs between the two IP lists: the calls of each (by contract name) and the words
// the page uses for it. Everything else is the one shared list component.
import type { IpListId } from '@gatehouse/contracts';
import { pageTitles, paths } from '../../lib/pages.js';

export const listCalls = {
  ipBlocker: {
    list: 'listIpBlocker',
    add: 'addIpBlocker',
    update: 'updateIpBlocker',
    delete: 'deleteIpBlocker',
    preview: 'previewIpBlockerImport',
    commit: 'commitIpBlockerImport',
  },
  whiteLists: {
    list: 'listWhiteLists',
    add: 'addWhiteLists',
    update: 'updateWhiteLists',
    delete: 'deleteWhiteLists',
    preview: 'previewWhiteListsImport',
    commit: 'commitWhiteListsImport',
  },
} as const satisfies Record<IpListId, Record<string, string>>;

export interface ListTexts {
  title: string;
  intro: string;
  /** The list's name inside sentences ("the IP Blocker"). */
  noun: string;
  emptyHeading: string;
  /** The other list, linked under the intro: `text` then a link reading `link`. */
  other: { text: string; link: string; url: string };
}

export const listTexts: Record<IpListId, ListTexts> = {
  ipBlocker: {
    title: pageTitles.ipBlocker,
    intro:
      'Visitors from these IP addresses and ranges are blocked. Enter single addresses or CIDR ranges, IPv4 or IPv6 (for example 203.0.113.7, 198.51.100.0/24 or 2001:db8::/32).',
    noun: 'IP Blocker',
    emptyHeading: 'No blocked IP addresses yet',
    other: {
      text: 'Addresses that must always get in, whatever the other rules say, go on the',
      link: 'IP Allow List',
      url: paths.whiteLists,
    },
  },
  whiteLists: {
    title: pageTitles.whiteLists,
    intro:
      'Visitors from these IP addresses and ranges are always let in, whatever the other rules say. Enter single addresses or CIDR ranges, IPv4 or IPv6.',
    noun: 'IP Allow List',
    emptyHeading: 'No allowed IP addresses yet',
    other: {
      text: 'Addresses to keep out of your store go on the',
      link: 'IP Blocker',
      url: paths.ipBlocker,
    },
  },
};
