// Every route of the admin. "/" and unknown paths go to /dashboard; the root layout applies the
// routing rules and picks the frame. Each page is its own lazily loaded chunk; the chunk of the
// page first opened starts loading with the app, not after the account call.
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import {
  firewallListBlockers,
  listBlockers,
  type FirewallListBlockerName,
  type ListBlockerManifest,
  type ListBlockerName,
} from '@gatehouse/contracts';
import { listBlockerRead } from '../components/entry-list/list-blocker-calls.js';
import { botBlockerRead } from '../features/bot-blocker/api/use-bot-blocker.js';
import { contentProtectionRead } from '../features/content-protection/use-content-protection.js';
import { countryBlockerData } from '../features/country-blocker/api/use-country-blocker.js';
import { dashboardData } from '../features/dashboard/dashboard-data.js';
import { appEmbedWarningRead } from '../features/extensions/api/use-app-embed-warning.js';
import { firewallSettingsRead } from '../features/firewall-settings/api/use-firewall-settings.js';
import { fraudProtectRead } from '../features/fraud-protect/api/use-fraud-protect.js';
import { urlBlockerRead } from '../features/firewall-url-blocker/api/use-url-blocker.js';
import { generalSettingsRead } from '../features/general-settings/api/use-general-settings.js';
import { geoRedirectsRead } from '../features/geo-redirects/api/use-geo-redirects.js';
import { visitorLogData } from '../features/visitor-logs/visitor-log-data.js';
import { vpnBlockerRead } from '../features/vpn-blocker/api/use-vpn-blocker.js';
import { prefetchAccount } from '../lib/app-state.js';
import type { PageData } from '../lib/page-data.js';
import { isLoggedIn } from '../lib/session.js';
import { RouteError } from './error-boundary.js';
import { lazyPage, type LazyPage } from './lazy-page.js';
import { RootLayout } from './layout/root-layout.js';
import { pageTitles } from './page-titles.js';

const LoginPage = lazyPage(() =>
  import('../features/auth/components/login-page.js').then((m) => m.LoginPage),
);
const LoginCompletePage = lazyPage(() =>
  import('../features/auth/components/login-complete-page.js').then((m) => m.LoginCompletePage),
);
const PersonatePage = lazyPage(() =>
  import('../features/auth/components/personate-page.js').then((m) => m.PersonatePage),
);
const DashboardPage = lazyPage(() =>
  import('./pages/dashboard-route.js').then((m) => m.DashboardRoute),
);
const PrivacyPolicyPage = lazyPage(() =>
  import('../features/privacy-policy/components/privacy-policy-page.js').then(
    (m) => m.PrivacyPolicyPage,
  ),
);
const CountryBlockerPage = lazyPage(() =>
  import('../features/country-blocker/components/country-blocker-page.js').then(
    (m) => m.CountryBlockerPage,
  ),
);
const IpBlockerPage = lazyPage(() =>
  import('../features/ip-lists/components/ip-list-page.js').then((m) => m.IpBlockerPage),
);
const WhiteListsPage = lazyPage(() =>
  import('../features/ip-lists/components/ip-list-page.js').then((m) => m.WhiteListsPage),
);
const LegacyBlockListsPage = lazyPage(() =>
  import('../features/legacy-block-lists/components/legacy-block-lists-page.js').then(
    (m) => m.LegacyBlockListsPage,
  ),
);
const CustomerBlockListsPage = lazyPage(() =>
  import('../features/customer-block-lists/components/customer-block-lists-page.js').then(
    (m) => m.CustomerBlockListsPage,
  ),
);
const AccessLogPage = lazyPage(() =>
  import('../features/firewall-access-log/components/access-log-page.js').then(
    (m) => m.AccessLogPage,
  ),
);
const AutoCancelPage = lazyPage(() =>
  import('../features/auto-cancel/components/auto-cancel-page.js').then((m) => m.AutoCancelPage),
);
const GeneralSettingsPage = lazyPage(() =>
  import('./pages/general-settings-route.js').then((m) => m.GeneralSettingsRoute),
);
const VisitorLogsPage = lazyPage(() =>
  import('../features/visitor-logs/components/visitor-logs-page.js').then((m) => m.VisitorLogsPage),
);
const IpLookupPage = lazyPage(() =>
  import('../features/ip-lookup/components/ip-lookup-page.js').then((m) => m.IpLookupPage),
);
const ContentProtectionPage = lazyPage(() =>
  import('../features/content-protection/components/content-protection-page.js').then(
    (m) => m.ContentProtectionPage,
  ),
);
const GeoRedirectsPage = lazyPage(() =>
  import('../features/geo-redirects/components/geo-redirects-page.js').then(
    (m) => m.GeoRedirectsPage,
  ),
);
/** Each list blocker's page, by the name in its manifest. */
const listBlockerPages: Record<ListBlockerName, LazyPage<object>> = {
  'referrer-blocker': lazyPage(() =>
    import('../features/referrer-blocker/components/referrer-blocker-page.js').then(
      (m) => m.ReferrerBlockerPage,
    ),
  ),
  'asn-blocker': lazyPage(() =>
    import('../features/asn-blocker/components/asn-blocker-page.js').then((m) => m.AsnBlockerPage),
  ),
};
const VpnBlockerPage = lazyPage(() =>
  import('../features/vpn-blocker/components/vpn-blocker-page.js').then((m) => m.VpnBlockerPage),
);
const BotBlockerPage = lazyPage(() =>
  import('../features/bot-blocker/components/bot-blocker-page.js').then((m) => m.BotBlockerPage),
);
const FirewallSettingsPage = lazyPage(() =>
  import('../features/firewall-settings/components/firewall-settings-page.js').then(
    (m) => m.FirewallSettingsPage,
  ),
);
const UrlBlockerPage = lazyPage(() =>
  import('../features/firewall-url-blocker/components/url-blocker-page.js').then(
    (m) => m.UrlBlockerPage,
  ),
);
/** The firewall's own list blockers' pages, by the name in their manifests. */
const firewallListBlockerPages: Record<FirewallListBlockerName, LazyPage<object>> = {
  'fw-referrer-blocker': lazyPage(() =>
    import('../features/firewall-lists/components/firewall-list-page.js').then(
      (m) => m.FirewallReferrerBlockerPage,
    ),
  ),
  'fw-asn-blocker': lazyPage(() =>
    import('../features/firewall-lists/components/firewall-list-page.js').then(
      (m) => m.FirewallAsnBlockerPage,
    ),
  ),
};
const FraudProtectPage = lazyPage(() =>
  import('../features/fraud-protect/components/fraud-protect-page.js').then(
    (m) => m.FraudProtectPage,
  ),
);
const SubscriptionPage = lazyPage(() =>
  import('../features/subscription/subscription-page.js').then((m) => m.default),
);
const ExtensionsPage = lazyPage(() =>
  import('../features/extensions/components/extensions-page.js').then((m) => m.ExtensionsPage),
);
const FaqPage = lazyPage(() =>
  import('../features/faq/components/faq-page.js').then((m) => m.FaqPage),
);
const NotSupportStorePage = lazyPage(() =>
  import('../features/store-support/components/not-support-store-page.js').then(
    (m) => m.NotSupportStorePage,
  ),
);

/** A route's page: its element, and its chunk to load ahead of the first render. */
type PageRoute = Pick<RouteObject, 'element' | 'handle'>;
interface PageHandle {
  preload?: () => Promise<unknown>;
  /** Starts the page's first data calls, for a signed-in merchant. */
  prefetch?: PageData;
}
function page(Component: LazyPage<object>): PageRoute;
function page<P extends object>(Component: LazyPage<P>, props: P): PageRoute;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads type the props
function page(Component: LazyPage<any>, props: object = {}): PageRoute {
  return { element: <Component {...props} />, handle: { preload: Component.preload } };
}

/** The page's route, whose first data calls also start as the app starts on its path. */
function withData(route: PageRoute, prefetch: PageData): PageRoute {
  return { ...route, handle: { ...(route.handle as PageHandle), prefetch } };
}

/** A list blocker's route, at its manifest's page, its list read as the app starts there. */
const listBlockerRoute = (mf: ListBlockerManifest, Page: LazyPage<object>) => ({
  path: mf.page.slice(1),
  ...withData(page(Page), listBlockerRead(mf).prefetch),
});

/**
 * Starts loading the chunks of the page `path` shows, its first data and the account; the first
 * render then finds them loading.
 */
export function preloadPage(path: string, search = ''): void {
  prefetchAccount(path);
  for (const match of matchRoutes(routes, path) ?? []) {
    const handle = match.route.handle as PageHandle | undefined;
    void handle?.preload?.().catch(() => {
      // The page's render asks again, and its error boundary shows the failure.
    });
    if (isLoggedIn()) handle?.prefetch?.(search);
  }
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'login', ...page(LoginPage) },
          { path: 'loginComplete/:token', ...page(LoginCompletePage) },
          { path: 'personate/:token', ...page(PersonatePage) },
          {
            path: 'notSupportStore',
            ...page(NotSupportStorePage, { title: pageTitles.notSupportStore }),
          },
          { path: 'private-policy', ...page(PrivacyPolicyPage) },
          { path: 'dashboard', ...withData(page(DashboardPage), dashboardData) },
          { path: 'whiteLists', ...page(WhiteListsPage) },
          {
            path: 'fraudProtect',
            ...withData(page(FraudProtectPage), fraudProtectRead.prefetch),
          },
          // Both spellings appear in the product; matching is case-insensitive anyway.
          { path: 'blacklists', ...page(AutoCancelPage) },
          { path: 'blackLists', ...page(AutoCancelPage) },
          {
            path: 'regionBlocker',
            ...withData(page(CountryBlockerPage), countryBlockerData),
          },
          { path: 'visitors', ...withData(page(VisitorLogsPage), visitorLogData) },
          { path: 'ipBlocker', ...page(IpBlockerPage) },
          { path: 'blockLists', ...page(LegacyBlockListsPage) },
          {
            path: 'redirect',
            ...withData(page(GeoRedirectsPage), geoRedirectsRead.prefetch),
          },
          { path: 'vpnBlocker', ...withData(page(VpnBlockerPage), vpnBlockerRead.prefetch) },
          { path: 'iplookup', ...page(IpLookupPage) },
          { path: 'iplookup/:ip', ...page(IpLookupPage) },
          {
            path: 'contentProtect',
            ...withData(page(ContentProtectionPage), contentProtectionRead.prefetch),
          },
          ...listBlockers.map((mf) => listBlockerRoute(mf, listBlockerPages[mf.name])),
          {
            path: 'settings',
            ...withData(page(GeneralSettingsPage), generalSettingsRead.prefetch),
          },
          { path: 'botBlocker', ...withData(page(BotBlockerPage), botBlockerRead.prefetch) },
          { path: 'checkoutValidate', ...page(CustomerBlockListsPage) },
          {
            path: 'firewallSettings',
            ...withData(page(FirewallSettingsPage), firewallSettingsRead.prefetch),
          },
          ...firewallListBlockers.map((mf) =>
            listBlockerRoute(mf, firewallListBlockerPages[mf.name]),
          ),
          {
            path: 'fw-urlBlocker',
            ...withData(page(UrlBlockerPage), urlBlockerRead.prefetch),
          },
          { path: 'fw-accessLog', ...page(AccessLogPage) },
          {
            path: 'extensions',
            ...withData(
              page(ExtensionsPage, { title: pageTitles.extensions }),
              appEmbedWarningRead.prefetch,
            ),
          },
          { path: 'subscription', ...page(SubscriptionPage) },
          { path: 'faq', ...page(FaqPage, { title: pageTitles.faq }) },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
preloadPage(window.location.pathname, window.location.search);
