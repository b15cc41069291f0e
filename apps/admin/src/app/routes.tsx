// Every route of the admin. "/" and unknown paths go to /dashboard; the root layout applies the
// routing rules and picks the frame. Each page is its own lazily loaded chunk; the chunk of the
// page first opened starts loading with the app, not after the account call. Which module a
// path loads is said once, in the table of page modules, which the build's preloads read too.
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { firewallListBlockers, listBlockers, type ListBlockerManifest } from '@gatehouse/contracts';
import { listBlockerRead } from '../components/entry-list/list-blocker-calls.js';
import type { ListBlockerPages } from '../components/entry-list/list-blocker-kit.js';
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
 * The page `exportName` of the module the table of page modules names for the path's first
 * segment (or the page `pick` finds in it), loaded lazily: the router and the build's preloads
 * read one table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's props
function pageAt<P extends object = any>(
  segment: string,
  exportName: string,
  pick = (module: Record<string, unknown>) => module[exportName],
): LazyPage<P> {
  const source = pageModules[segment];
  const load = source && pageLoaders[pageModuleKey(source)];
  if (!load) throw new Error(`No page module is named for /${segment}.`);
  return lazyPage(async () => {
    const page = pick(await load());
    if (!page) throw new Error(`${source} has no ${exportName}.`);
    return page as ComponentType<P>;
  });
}

/** A list blocker's page: its module's `listBlockerPages` keyed by the manifest's name. */
function listBlockerPage(mf: ListBlockerManifest): LazyPage<object> {
  return pageAt(
    pageSegment(mf),
    `listBlockerPages['${mf.name}']`,
    (module) => (module.listBlockerPages as ListBlockerPages | undefined)?.[mf.name],
  );
}

const LoginPage = pageAt('login', 'LoginPage');
const LoginCompletePage = pageAt('logincomplete', 'LoginCompletePage');
const PersonatePage = pageAt('personate', 'PersonatePage');
const DashboardPage = pageAt('dashboard', 'DashboardRoute');
const PrivacyPolicyPage = pageAt('private-policy', 'PrivacyPolicyPage');
const CountryBlockerPage = pageAt('regionblocker', 'CountryBlockerPage');
const IpBlockerPage = pageAt('ipblocker', 'IpBlockerPage');
const WhiteListsPage = pageAt('whitelists', 'WhiteListsPage');
const LegacyBlockListsPage = pageAt('blocklists', 'LegacyBlockListsPage');
const CustomerBlockListsPage = pageAt('checkoutvalidate', 'CustomerBlockListsPage');
const AccessLogPage = pageAt('fw-accesslog', 'AccessLogPage');
const AutoCancelPage = pageAt('blacklists', 'AutoCancelPage');
const GeneralSettingsPage = pageAt('settings', 'GeneralSettingsRoute');
const VisitorLogsPage = pageAt('visitors', 'VisitorLogsPage');
const IpLookupPage = pageAt('iplookup', 'IpLookupPage');
const ContentProtectionPage = pageAt('contentprotect', 'ContentProtectionPage');
const GeoRedirectsPage = pageAt('redirect', 'GeoRedirectsPage');
const VpnBlockerPage = pageAt('vpnblocker', 'VpnBlockerPage');
const BotBlockerPage = pageAt('botblocker', 'BotBlockerPage');
const FirewallSettingsPage = pageAt('firewallsettings', 'FirewallSettingsPage');
const UrlBlockerPage = pageAt('fw-urlblocker', 'UrlBlockerPage');
const FraudProtectPage = pageAt('fraudprotect', 'FraudProtectPage');
const SubscriptionPage = pageAt('subscription', 'default');
const ExtensionsPage = pageAt('extensions', 'ExtensionsPage');
const FaqPage = pageAt('faq', 'FaqPage');
const NotSupportStorePage = pageAt('notsupportstore', 'NotSupportStorePage');

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
            ...page(NotSupportStorePage),
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
          ...listBlockers.map((mf) => listBlockerRoute(mf, listBlockerPage(mf))),
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
          ...firewallListBlockers.map((mf) => listBlockerRoute(mf, listBlockerPage(mf))),
          {
            path: 'fw-urlBlocker',
            ...withData(page(UrlBlockerPage), urlBlockerRead.prefetch),
          },
          { path: 'fw-accessLog', ...page(AccessLogPage) },
          {
            path: 'extensions',
            ...withData(page(ExtensionsPage), appEmbedWarningRead.prefetch),
          },
          { path: 'subscription', ...page(SubscriptionPage) },
          { path: 'faq', ...page(FaqPage) },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
preloadPage(window.location.pathname, window.location.search);
