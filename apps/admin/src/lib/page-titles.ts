// The title of every page of its own (a list blocker's is its manifest's), read by the page's
// <Page title>, its loading skeleton, and the navigation where an item is named as its page.
import { PRODUCT_NAME } from '@gatehouse/contracts';

export const pageTitles = {
  notSupportStore: 'Unsupported Store',
  dashboard: 'Dashboard',
  whiteLists: 'IP Allow List',
  fraudProtect: 'Fraud Protect',
  blacklists: 'Auto-cancel filters',
  regionBlocker: 'Country Blocker',
  visitors: 'Shop Visitor Logs',
  ipBlocker: 'IP Blocker',
  blockLists: 'Block Lists (Legacy)',
  redirect: 'Geolocation Redirects',
  vpnBlocker: 'Bot (VPN/Proxy) Blocker',
  iplookup: 'IP Address Lookup',
  contentProtect: 'Content Protection',
  settings: 'General Settings',
  botBlocker: 'Bot Blocker',
  checkoutValidate: 'Customer Block Lists',
  firewallSettings: 'Firewall Settings',
  firewallUrlBlocker: 'URL Blocker',
  firewallAccessLog: 'Realtime Access Log',
  extensions: `${PRODUCT_NAME} Extension`,
  subscription: 'Subscription',
  privacyPolicy: 'Privacy Policy',
  faq: 'FAQ',
} as const;
