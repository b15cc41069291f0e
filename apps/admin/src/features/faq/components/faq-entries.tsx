// The questions merchants ask, each answered in a few lines and sent to the page that fixes it.
// Only pages that exist are linked; "Contact us" opens the shell's contact dialog.
import type { ReactNode } from 'react';
import { PRODUCT_NAME, plans } from '@gatehouse/contracts';
import { DEFAULT_TIMEOUT_MS } from '@gatehouse/contracts/block-page-defaults';
import { paths } from '../../../lib/pages.js';

export interface FaqLink {
  label: string;
  /** An admin route, or 'contact' for the contact dialog. */
  to: string;
}

export interface FaqEntry {
  id: string;
  question: string;
  answer: ReactNode;
  links: FaqLink[];
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US')} seconds`;
const { premium, payg } = plans;

export const faqEntries: FaqEntry[] = [
  {
    id: 'reports',
    question: 'Why do blocked visitors still show up in Shopify’s reports?',
    answer: `Shopify counts a visit the moment it arrives, before any app on your store runs. ${PRODUCT_NAME} then stops the blocked visitor from seeing your store, but the arrival has already been counted in Shopify’s analytics and live view. Your Shop Visitor Logs show every decision ${PRODUCT_NAME} made, with the rule that blocked each visitor. If you need those visits kept out of Shopify’s reports too, contact us.`,
    links: [
      { label: 'Shop Visitor Logs', to: paths.visitors },
      { label: 'Contact us', to: 'contact' },
    ],
  },
  {
    id: 'locked-out',
    question: 'I blocked myself out of my own store. What now?',
    answer: `Turn on Admin Access from the dashboard on the device you use: that device then passes every rule. You can also put your own address on the IP allow list, look up your address to see which rule blocks it, or suspend every ${PRODUCT_NAME} function at once in General Settings while you fix the rule.`,
    links: [
      { label: 'Admin Access (dashboard)', to: paths.dashboard },
      { label: 'IP allow list', to: paths.whiteLists },
      { label: 'IP Address Lookup', to: paths.iplookup },
      { label: 'General Settings', to: paths.settings },
    ],
  },
  {
    id: 'search-engines',
    question: 'Will blocking countries hurt my Google ranking?',
    answer: `No. Googlebot, Bingbot and the other search engines’ crawlers are let through every country, ISP/ASN, VPN and bot rule once their address checks out against the ranges their engine publishes, so search engines keep seeing your store as it is. Only an entry on your IP block list stops them. The switch is in General Settings; leave it on. Crawlers that only claim to be Googlebot are not let through.`,
    links: [
      { label: 'General Settings', to: paths.settings },
      { label: 'Bot Blocker', to: paths.botBlocker },
    ],
  },
  {
    id: 'signed-agents',
    question: 'Do AI agents and my own crawler get through the firewall?',
    answer: `Agents that sign their requests, like ChatGPT’s agent, are recognised by the firewall once their signature checks out, and so are the crawler signatures you make in Shopify (Online Store > Preferences > Crawler access) for your own SEO tool or crawler. A signed AI agent is let in or blocked by your choice for its kind of AI agent in the Bot Blocker, whatever country or network it comes from: your country, ISP/ASN, VPN and hosting rules never stop it. Your own crawler passes every Bot Blocker rule as well. Your IP Blocker entries and URL rules still apply to both: an address you blocked by hand stays blocked. A signature that does not check out counts for nothing. The Realtime Access Log names each verified agent. Only the firewall reads signatures; the app embed decides by the user agent alone.`,
    links: [
      { label: 'Bot Blocker', to: paths.botBlocker },
      { label: 'Realtime Access Log', to: paths.firewallAccessLog },
      { label: 'IP Blocker', to: paths.ipBlocker },
    ],
  },
  {
    id: 'private-relay',
    question: 'My customers use iCloud Private Relay. Are they blocked?',
    answer: `Not unless you choose to. Private Relay hides a shopper’s address behind one of Apple’s, in roughly the shopper’s own region, so the Country Blocker still sees the right country. ${PRODUCT_NAME} knows Apple’s relay addresses and does not count them as a VPN or a proxy. Look up an address to see what your rules decide for it.`,
    links: [
      { label: 'IP Address Lookup', to: paths.iplookup },
      { label: 'Country Blocker', to: paths.regionBlocker },
    ],
  },
  {
    id: 'speed',
    question: `Does ${PRODUCT_NAME} slow my store down?`,
    answer: `Hardly. With the app embed on, a visitor’s first page waits only for ${PRODUCT_NAME}’s answer (in our tests it appeared 0.05 to 0.13 seconds later than without ${PRODUCT_NAME}), and later pages of the same visit show at once. Google’s mobile speed score of our test store moves by at most one point. Without the app embed, ${PRODUCT_NAME} does not run on your store at all. The extension page has the figures and shows how to switch the embed on.`,
    links: [{ label: `${PRODUCT_NAME} Extension`, to: paths.extensions }],
  },
  {
    id: 'down',
    question: `What happens to my store if ${PRODUCT_NAME} is down?`,
    answer: `Your store stays open. If no answer comes within the decision time-out (${seconds(DEFAULT_TIMEOUT_MS)} unless you changed it), the page is shown anyway, and if the ${PRODUCT_NAME} script cannot load at all, the store appears on its own a moment later. Nobody is blocked while ${PRODUCT_NAME} cannot answer. You set the time-out in General Settings.`,
    links: [{ label: 'General Settings', to: paths.settings }],
  },
  {
    id: 'order-risk',
    question: `What does ${PRODUCT_NAME} add to an order’s risk in Shopify?`,
    answer: `On the ${premium.name} and ${payg.name} plans, ${PRODUCT_NAME} writes what it found about each new order into the order’s fraud analysis in Shopify, once the order has been checked: the buyer’s IP address being a VPN, proxy, Tor exit or data centre, or one your rules block (the address or its country), the auto-cancel filter the order matched, and what Fraud Protect did. Shopify shows it on the order and Shopify Flow can act on it. It only states what was found, and Fraud Protect never acts on it. You can turn it off on the Fraud Protect page.`,
    links: [{ label: 'Fraud Protect', to: paths.fraudProtect }],
  },
  {
    id: 'billing',
    question: 'How does billing work?',
    answer: `Shopify bills you, on your usual Shopify invoice. The Free plan costs nothing. ${premium.name} is $${premium.price} every 30 days and ${payg.name} is $${payg.price} every 30 days with ${payg.includedViews?.toLocaleString('en-US')} protected page views included, then $${payg.pricePerThousand?.toFixed(2)} per further 1,000, at most $${payg.usageCap} a period. Both paid plans start with a ${premium.trialDays}-day free trial, and you can change or cancel your plan at any time.`,
    links: [{ label: 'Subscription', to: paths.subscription }],
  },
];
