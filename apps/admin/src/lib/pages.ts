// The admin's pages, said once: the path of each (the router's, the navigation's, the route
// groups', the table of page modules') and the title of each page of its own, read by the
// page's <Page title>, its loading skeleton, and the navigation where an item is named as its
// page. A list blocker's path and title are its manifest's. Paths match in any case.
import { PRODUCT_NAME } from '@gatehouse/contracts';

export const paths = {
  login: '/login',
  loginComplete: '/loginComplete',
  personate: '/personate',
  notSupportStore: '/notSupportStore',
  privacyPolicy: '/private-policy',
  dashboard: '/dashboard',
  whiteLists: '/whiteLists',
  fraudProtect: '/fraudProtect',
  blacklists: '/blacklists',
  regionBlocker: '/regionBlocker',
  visitors: '/visitors',
  ipBlocker: '/ipBlocker',
  blockLists: '/blockLists',
  redirect: '/redirect',
  vpnBlocker: '/vpnBlocker',
  iplookup: '/iplookup',
  contentProtect: '/contentProtect',
  settings: '/settings',
  botBlocker: '/botBlocker',
  checkoutValidate: '/checkoutValidate',
  firewallSettings: '/firewallSettings',
  firewallUrlBlocker: '/fw-urlBlocker',
  firewallAccessLog: '/fw-accessLog',
  extensions: '/extensions',
  subscription: '/subscription',
  faq: '/faq',
} as const;

/** A path as the router's child route names it, without its leading slash. */
export const routePath = (path: string) => path.slice(1);

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
