// The module each page path loads lazily, by the path's first segment in lower case (the router
// matches paths in any case), as a file under the admin's folder. The build turns it into the
// list of chunks each path needs, which the server names in the page it serves for that path,
// so the browser fetches the page's code alongside the entry script instead of after it has run.
// Plain data (the list blockers' pages read from their manifests), read by the build as well as
// by the test that holds it to the router's routes.
import { firewallListBlockers, listBlockers } from '@gatehouse/contracts';
import { paths } from '../lib/pages.js';

/** The first segment of a page's path, in lower case, as the table keys it. */
export const pageSegment = (path: string) => path.slice(1).toLowerCase();

export const pageModules: Readonly<Record<string, string>> = {
  // "/" opens the dashboard for a signed-in merchant, as the admin's own link does.
  '': 'src/app/pages/dashboard-route.tsx',
  [pageSegment(paths.login)]: 'src/features/auth/components/login-page.tsx',
  [pageSegment(paths.loginComplete)]: 'src/features/auth/components/login-complete-page.tsx',
  [pageSegment(paths.personate)]: 'src/features/auth/components/personate-page.tsx',
  [pageSegment(paths.notSupportStore)]:
    'src/features/store-support/components/not-support-store-page.tsx',
  [pageSegment(paths.privacyPolicy)]:
    'src/features/privacy-policy/components/privacy-policy-page.tsx',
  [pageSegment(paths.dashboard)]: 'src/app/pages/dashboard-route.tsx',
  [pageSegment(paths.whiteLists)]: 'src/features/ip-lists/components/ip-list-page.tsx',
  [pageSegment(paths.fraudProtect)]: 'src/features/fraud-protect/components/fraud-protect-page.tsx',
  [pageSegment(paths.blacklists)]: 'src/features/auto-cancel/components/auto-cancel-page.tsx',
  [pageSegment(paths.regionBlocker)]:
    'src/features/country-blocker/components/country-blocker-page.tsx',
  [pageSegment(paths.visitors)]: 'src/features/visitor-logs/components/visitor-logs-page.tsx',
  [pageSegment(paths.ipBlocker)]: 'src/features/ip-lists/components/ip-list-page.tsx',
  [pageSegment(paths.blockLists)]:
    'src/features/legacy-block-lists/components/legacy-block-lists-page.tsx',
  [pageSegment(paths.redirect)]: 'src/features/geo-redirects/components/geo-redirects-page.tsx',
  [pageSegment(paths.vpnBlocker)]: 'src/features/vpn-blocker/components/vpn-blocker-page.tsx',
  [pageSegment(paths.iplookup)]: 'src/features/ip-lookup/components/ip-lookup-page.tsx',
  [pageSegment(paths.contentProtect)]:
    'src/features/content-protection/components/content-protection-page.tsx',
  [pageSegment(paths.settings)]: 'src/app/pages/general-settings-route.tsx',
  [pageSegment(paths.botBlocker)]: 'src/features/bot-blocker/components/bot-blocker-page.tsx',
  [pageSegment(paths.checkoutValidate)]:
    'src/features/customer-block-lists/components/customer-block-lists-page.tsx',
  [pageSegment(paths.firewallSettings)]:
    'src/features/firewall-settings/components/firewall-settings-page.tsx',
  [pageSegment(paths.firewallUrlBlocker)]:
    'src/features/firewall-url-blocker/components/url-blocker-page.tsx',
  [pageSegment(paths.firewallAccessLog)]:
    'src/features/firewall-access-log/components/access-log-page.tsx',
  [pageSegment(paths.extensions)]: 'src/features/extensions/components/extensions-page.tsx',
  [pageSegment(paths.subscription)]: 'src/features/subscription/subscription-page.tsx',
  [pageSegment(paths.faq)]: 'src/features/faq/components/faq-page.tsx',
  // A list blocker's page is its feature's `<name>-page.tsx`; the firewall's own share one.
  ...Object.fromEntries([
    ...listBlockers.map((mf) => [
      pageSegment(mf.page),
      `src/features/${mf.name}/components/${mf.name}-page.tsx`,
    ]),
    ...firewallListBlockers.map((mf) => [
      pageSegment(mf.page),
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
