// The module each page path loads lazily, by the path's first segment in lower case (the router
// matches paths in any case), as a file under the admin's folder. The build turns it into the
// list of chunks each path needs, which the server names in the page it serves for that path,
// so the browser fetches the page's code alongside the entry script instead of after it has run.
// Plain data (the list blockers' pages read from their manifests), read by the build as well as
// by the test that holds it to the router's routes.
import { firewallListBlockers, listBlockers } from '@gatehouse/contracts';

/** The first segment of a list blocker's page path, in lower case, as the table keys it. */
export const pageSegment = (mf: { page: string }) => mf.page.slice(1).toLowerCase();

export const pageModules: Readonly<Record<string, string>> = {
  // "/" opens the dashboard for a signed-in merchant, as the admin's own link does.
  '': 'src/app/pages/dashboard-route.tsx',
  login: 'src/features/auth/components/login-page.tsx',
  logincomplete: 'src/features/auth/components/login-complete-page.tsx',
  personate: 'src/features/auth/components/personate-page.tsx',
  notsupportstore: 'src/features/store-support/components/not-support-store-page.tsx',
  'private-policy': 'src/features/privacy-policy/components/privacy-policy-page.tsx',
  dashboard: 'src/app/pages/dashboard-route.tsx',
  whitelists: 'src/features/ip-lists/components/ip-list-page.tsx',
  fraudprotect: 'src/features/fraud-protect/components/fraud-protect-page.tsx',
  blacklists: 'src/features/auto-cancel/components/auto-cancel-page.tsx',
  regionblocker: 'src/features/country-blocker/components/country-blocker-page.tsx',
  visitors: 'src/features/visitor-logs/components/visitor-logs-page.tsx',
  ipblocker: 'src/features/ip-lists/components/ip-list-page.tsx',
  blocklists: 'src/features/legacy-block-lists/components/legacy-block-lists-page.tsx',
  redirect: 'src/features/geo-redirects/components/geo-redirects-page.tsx',
  vpnblocker: 'src/features/vpn-blocker/components/vpn-blocker-page.tsx',
  iplookup: 'src/features/ip-lookup/components/ip-lookup-page.tsx',
  contentprotect: 'src/features/content-protection/components/content-protection-page.tsx',
  settings: 'src/app/pages/general-settings-route.tsx',
  botblocker: 'src/features/bot-blocker/components/bot-blocker-page.tsx',
  checkoutvalidate: 'src/features/customer-block-lists/components/customer-block-lists-page.tsx',
  firewallsettings: 'src/features/firewall-settings/components/firewall-settings-page.tsx',
  'fw-urlblocker': 'src/features/firewall-url-blocker/components/url-blocker-page.tsx',
  'fw-accesslog': 'src/features/firewall-access-log/components/access-log-page.tsx',
  extensions: 'src/features/extensions/components/extensions-page.tsx',
  subscription: 'src/features/subscription/subscription-page.tsx',
  faq: 'src/features/faq/components/faq-page.tsx',
  // A list blocker's page is its feature's `<name>-page.tsx`; the firewall's own share one.
  ...Object.fromEntries([
    ...listBlockers.map((mf) => [
      pageSegment(mf),
      `src/features/${mf.name}/components/${mf.name}-page.tsx`,
    ]),
    ...firewallListBlockers.map((mf) => [
      pageSegment(mf),
      'src/features/firewall-lists/components/firewall-list-page.tsx',
    ]),
  ]),
};

/**
 * A module of the table (a path under the admin's folder) as `import.meta.glob` in this folder
 * names it.
 */
export function pageModuleKey(source: string): string {
  return source.startsWith('src/app/') ? `./${source.slice(8)}` : `../${source.slice(4)}`;
}
