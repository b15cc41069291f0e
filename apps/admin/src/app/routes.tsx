// Every route of the admin. "/" and unknown paths go to /dashboard; the root layout applies the
// routing rules and picks the frame. Each page is its own lazily loaded chunk; the chunk of the
// page first opened starts loading with the app, not after the account call. Which module a
// path loads is said once, in the table of page modules, which the build's preloads read too.
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { firewallListBlockers, listBlockers, type ListBlockerManifest } from '@gatehouse/contracts';
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
import { pageModuleKey, pageModules, pageSegment } from './page-modules.js';
import { paths, routePath } from '../lib/pages.js';

/** Every page module of the admin, loaded on demand, by its path from this folder. */
const pageLoaders = import.meta.glob<Record<string, unknown>>([
  '../features/*/components/*-page.tsx',
  '../features/subscription/subscription-page.tsx',
  './pages/*-route.tsx',
  // Pages the app's own routes wrap: they load with their route's chunk.
  '!../features/dashboard/components/dashboard-page.tsx',
  '!../features/general-settings/components/general-settings-page.tsx',
]);

/**
 * The page a module exports as `exportName` (or under it, as `listBlockerPages.asn-blocker`) in
 * the module the table of page modules names for the path's first segment, loaded lazily: the
 * router and the build's preloads read one table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's props
function pageAt<P extends object = any>(path: string, exportName: string): LazyPage<P> {
  const source = pageModules[pageSegment(path)];
  const load = source && pageLoaders[pageModuleKey(source)];
  if (!load) throw new Error(`No page module is named for ${path}.`);
  return lazyPage(async () => {
    const page = exportName
      .split('.')
      .reduce<unknown>(
        (found, key) => (found as Record<string, unknown> | undefined)?.[key],
        await load(),
      );
    if (!page) throw new Error(`${source} has no ${exportName}.`);
    return page as ComponentType<P>;
  });
}

/** A list blocker's page: its module's `listBlockerPages` keyed by the manifest's name. */
const listBlockerPage = (mf: ListBlockerManifest): LazyPage<object> =>
  pageAt(mf.page, `listBlockerPages.${mf.name}`);

const LoginPage = pageAt(paths.login, 'LoginPage');
const LoginCompletePage = pageAt(paths.loginComplete, 'LoginCompletePage');
const PersonatePage = pageAt(paths.personate, 'PersonatePage');
const DashboardPage = pageAt(paths.dashboard, 'DashboardRoute');
const PrivacyPolicyPage = pageAt(paths.privacyPolicy, 'PrivacyPolicyPage');
const CountryBlockerPage = pageAt(paths.regionBlocker, 'CountryBlockerPage');
const IpBlockerPage = pageAt(paths.ipBlocker, 'IpBlockerPage');
const WhiteListsPage = pageAt(paths.whiteLists, 'WhiteListsPage');
const LegacyBlockListsPage = pageAt(paths.blockLists, 'LegacyBlockListsPage');
const CustomerBlockListsPage = pageAt(paths.checkoutValidate, 'CustomerBlockListsPage');
const AccessLogPage = pageAt(paths.firewallAccessLog, 'AccessLogPage');
const AutoCancelPage = pageAt(paths.blacklists, 'AutoCancelPage');
const GeneralSettingsPage = pageAt(paths.settings, 'GeneralSettingsRoute');
const VisitorLogsPage = pageAt(paths.visitors, 'VisitorLogsPage');
const IpLookupPage = pageAt(paths.iplookup, 'IpLookupPage');
const ContentProtectionPage = pageAt(paths.contentProtect, 'ContentProtectionPage');
const GeoRedirectsPage = pageAt(paths.redirect, 'GeoRedirectsPage');
const VpnBlockerPage = pageAt(paths.vpnBlocker, 'VpnBlockerPage');
const BotBlockerPage = pageAt(paths.botBlocker, 'BotBlockerPage');
const FirewallSettingsPage = pageAt(paths.firewallSettings, 'FirewallSettingsPage');
const UrlBlockerPage = pageAt(paths.firewallUrlBlocker, 'UrlBlockerPage');
const FraudProtectPage = pageAt(paths.fraudProtect, 'FraudProtectPage');
const SubscriptionPage = pageAt(paths.subscription, 'default');
const ExtensionsPage = pageAt(paths.extensions, 'ExtensionsPage');
const FaqPage = pageAt(paths.faq, 'FaqPage');
const NotSupportStorePage = pageAt(paths.notSupportStore, 'NotSupportStorePage');

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
          { index: true, element: <Navigate to={paths.dashboard} replace /> },
          { path: routePath(paths.login), ...page(LoginPage) },
          { path: `${routePath(paths.loginComplete)}/:token`, ...page(LoginCompletePage) },
          { path: `${routePath(paths.personate)}/:token`, ...page(PersonatePage) },
          {
            path: routePath(paths.notSupportStore),
            ...page(NotSupportStorePage),
          },
          { path: routePath(paths.privacyPolicy), ...page(PrivacyPolicyPage) },
          { path: routePath(paths.dashboard), ...withData(page(DashboardPage), dashboardData) },
          { path: routePath(paths.whiteLists), ...page(WhiteListsPage) },
          {
            path: routePath(paths.fraudProtect),
            ...withData(page(FraudProtectPage), fraudProtectRead.prefetch),
          },
          // Both spellings appear in the product; matching is case-insensitive anyway.
          { path: routePath(paths.blacklists), ...page(AutoCancelPage) },
          { path: 'blackLists', ...page(AutoCancelPage) },
          {
            path: routePath(paths.regionBlocker),
            ...withData(page(CountryBlockerPage), countryBlockerData),
          },
          { path: routePath(paths.visitors), ...withData(page(VisitorLogsPage), visitorLogData) },
          { path: routePath(paths.ipBlocker), ...page(IpBlockerPage) },
          { path: routePath(paths.blockLists), ...page(LegacyBlockListsPage) },
          {
            path: routePath(paths.redirect),
            ...withData(page(GeoRedirectsPage), geoRedirectsRead.prefetch),
          },
          {
            path: routePath(paths.vpnBlocker),
            ...withData(page(VpnBlockerPage), vpnBlockerRead.prefetch),
          },
          { path: routePath(paths.iplookup), ...page(IpLookupPage) },
          { path: `${routePath(paths.iplookup)}/:ip`, ...page(IpLookupPage) },
          {
            path: routePath(paths.contentProtect),
            ...withData(page(ContentProtectionPage), contentProtectionRead.prefetch),
          },
          ...listBlockers.map((mf) => listBlockerRoute(mf, listBlockerPage(mf))),
          {
            path: routePath(paths.settings),
            ...withData(page(GeneralSettingsPage), generalSettingsRead.prefetch),
          },
          {
            path: routePath(paths.botBlocker),
            ...withData(page(BotBlockerPage), botBlockerRead.prefetch),
          },
          { path: routePath(paths.checkoutValidate), ...page(CustomerBlockListsPage) },
          {
            path: routePath(paths.firewallSettings),
            ...withData(page(FirewallSettingsPage), firewallSettingsRead.prefetch),
          },
          ...firewallListBlockers.map((mf) => listBlockerRoute(mf, listBlockerPage(mf))),
          {
            path: routePath(paths.firewallUrlBlocker),
            ...withData(page(UrlBlockerPage), urlBlockerRead.prefetch),
          },
          { path: routePath(paths.firewallAccessLog), ...page(AccessLogPage) },
          {
            path: routePath(paths.extensions),
            ...withData(page(ExtensionsPage), appEmbedWarningRead.prefetch),
          },
          { path: routePath(paths.subscription), ...page(SubscriptionPage) },
          { path: routePath(paths.faq), ...page(FaqPage) },
          { path: '*', element: <Navigate to={paths.dashboard} replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
preloadPage(window.location.pathname, window.location.search);
