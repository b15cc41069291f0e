// Every route of the admin. "/" and unknown paths go to /dashboard; the root layout applies the
// routing rules and picks the frame. Each page is its own lazily loaded chunk.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from './error-boundary.js';
import { RootLayout } from './layout/root-layout.js';
import { pageTitles } from './page-titles.js';

const LoginPage = lazy(() =>
  import('../features/auth/components/login-page.js').then((m) => ({ default: m.LoginPage })),
);
const LoginCompletePage = lazy(() =>
  import('../features/auth/components/login-complete-page.js').then((m) => ({
    default: m.LoginCompletePage,
  })),
);
const PersonatePage = lazy(() =>
  import('../features/auth/components/personate-page.js').then((m) => ({
    default: m.PersonatePage,
  })),
);
const DashboardPage = lazy(() =>
  import('./pages/dashboard-route.js').then((m) => ({ default: m.DashboardRoute })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/privacy-policy/components/privacy-policy-page.js').then((m) => ({
    default: m.PrivacyPolicyPage,
  })),
);
const CountryBlockerPage = lazy(() =>
  import('../features/country-blocker/components/country-blocker-page.js').then((m) => ({
    default: m.CountryBlockerPage,
  })),
);
const IpBlockerPage = lazy(() =>
  import('../features/ip-lists/components/ip-list-page.js').then((m) => ({
    default: m.IpBlockerPage,
  })),
);
const WhiteListsPage = lazy(() =>
  import('../features/ip-lists/components/ip-list-page.js').then((m) => ({
    default: m.WhiteListsPage,
  })),
);
const LegacyBlockListsPage = lazy(() =>
  import('../features/legacy-block-lists/components/legacy-block-lists-page.js').then((m) => ({
    default: m.LegacyBlockListsPage,
  })),
);
const GeneralSettingsPage = lazy(() =>
  import('./pages/general-settings-route.js').then((m) => ({ default: m.GeneralSettingsRoute })),
);
const VisitorLogsPage = lazy(() =>
  import('../features/visitor-logs/components/visitor-logs-page.js').then((m) => ({
    default: m.VisitorLogsPage,
  })),
);
const IpLookupPage = lazy(() =>
  import('../features/ip-lookup/components/ip-lookup-page.js').then((m) => ({
    default: m.IpLookupPage,
  })),
);
const ContentProtectionPage = lazy(() =>
  import('../features/content-protection/components/content-protection-page.js').then((m) => ({
    default: m.ContentProtectionPage,
  })),
);
const GeoRedirectsPage = lazy(() =>
  import('../features/geo-redirects/components/geo-redirects-page.js').then((m) => ({
    default: m.GeoRedirectsPage,
  })),
);
const CustomerBlockListsPage = lazy(() =>
  import('../features/customer-block-lists/components/customer-block-lists-page.js').then((m) => ({
    default: m.CustomerBlockListsPage,
  })),
);
const ReferrerBlockerPage = lazy(() =>
  import('../features/referrer-blocker/components/referrer-blocker-page.js').then((m) => ({
    default: m.ReferrerBlockerPage,
  })),
);
const AsnBlockerPage = lazy(() =>
  import('../features/asn-blocker/components/asn-blocker-page.js').then((m) => ({
    default: m.AsnBlockerPage,
  })),
);
const VpnBlockerPage = lazy(() =>
  import('../features/vpn-blocker/components/vpn-blocker-page.js').then((m) => ({
    default: m.VpnBlockerPage,
  })),
);
const BotBlockerPage = lazy(() =>
  import('../features/bot-blocker/components/bot-blocker-page.js').then((m) => ({
    default: m.BotBlockerPage,
  })),
);
const FirewallSettingsPage = lazy(() =>
  import('../features/firewall-settings/components/firewall-settings-page.js').then((m) => ({
    default: m.FirewallSettingsPage,
  })),
);
const UrlBlockerPage = lazy(() =>
  import('../features/fw-url-blocker/components/url-blocker-page.js').then((m) => ({
    default: m.UrlBlockerPage,
  })),
);
const FwReferrerBlockerPage = lazy(() =>
  import('../features/fw-lists/components/fw-list-page.js').then((m) => ({
    default: m.FwReferrerBlockerPage,
  })),
);
const FwAsnBlockerPage = lazy(() =>
  import('../features/fw-lists/components/fw-list-page.js').then((m) => ({
    default: m.FwAsnBlockerPage,
  })),
);
const AccessLogPage = lazy(() =>
  import('../features/fw-access-log/components/access-log-page.js').then((m) => ({
    default: m.AccessLogPage,
  })),
);
const FraudProtectPage = lazy(() =>
  import('../features/fraud-protect/components/fraud-protect-page.js').then((m) => ({
    default: m.FraudProtectPage,
  })),
);
const AutoCancelPage = lazy(() =>
  import('../features/auto-cancel/components/auto-cancel-page.js').then((m) => ({
    default: m.AutoCancelPage,
  })),
);
const SubscriptionPage = lazy(() => import('../features/subscription/subscription-page.js'));
const ExtensionsPage = lazy(() =>
  import('../features/extensions/components/extensions-page.js').then((m) => ({
    default: m.ExtensionsPage,
  })),
);
const FaqPage = lazy(() =>
  import('../features/faq/components/faq-page.js').then((m) => ({ default: m.FaqPage })),
);
const NotSupportStorePage = lazy(() =>
  import('../features/store-support/components/not-support-store-page.js').then((m) => ({
    default: m.NotSupportStorePage,
  })),
);
const TitleOnlyPage = lazy(() =>
  import('./title-only-page.js').then((m) => ({ default: m.TitleOnlyPage })),
);

function page(Component: LazyExoticComponent<ComponentType>): RouteObject['element'] {
  return <Component />;
}

function titleOnly(title: string): RouteObject['element'] {
  return <TitleOnlyPage title={title} />;
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
          { path: 'login', element: page(LoginPage) },
          { path: 'loginComplete/:token', element: page(LoginCompletePage) },
          { path: 'personate/:token', element: page(PersonatePage) },
          {
            path: 'notSupportStore',
            element: <NotSupportStorePage title={pageTitles.notSupportStore} />,
          },
          { path: 'private-policy', element: page(PrivacyPolicyPage) },
          { path: 'dashboard', element: page(DashboardPage) },
          { path: 'whiteLists', element: page(WhiteListsPage) },
          { path: 'fraudProtect', element: page(FraudProtectPage) },
          // Both spellings appear in the product; matching is case-insensitive anyway.
          { path: 'blacklists', element: page(AutoCancelPage) },
          { path: 'blackLists', element: page(AutoCancelPage) },
          { path: 'regionBlocker', element: page(CountryBlockerPage) },
          { path: 'visitors', element: page(VisitorLogsPage) },
          { path: 'ipBlocker', element: page(IpBlockerPage) },
          { path: 'blockLists', element: page(LegacyBlockListsPage) },
          { path: 'redirect', element: page(GeoRedirectsPage) },
          { path: 'vpnBlocker', element: page(VpnBlockerPage) },
          { path: 'iplookup', element: page(IpLookupPage) },
          { path: 'iplookup/:ip', element: page(IpLookupPage) },
          { path: 'contentProtect', element: page(ContentProtectionPage) },
          { path: 'referrerBlocker', element: page(ReferrerBlockerPage) },
          { path: 'asnBlocker', element: page(AsnBlockerPage) },
          { path: 'settings', element: page(GeneralSettingsPage) },
          { path: 'botBlocker', element: page(BotBlockerPage) },
          { path: 'checkoutValidate', element: page(CustomerBlockListsPage) },
          { path: 'firewallSettings', element: page(FirewallSettingsPage) },
          { path: 'fw-asnBlocker', element: page(FwAsnBlockerPage) },
          { path: 'fw-referrerBlocker', element: page(FwReferrerBlockerPage) },
          { path: 'fw-urlBlocker', element: page(UrlBlockerPage) },
          { path: 'fw-accessLog', element: page(AccessLogPage) },
          { path: 'extensions', element: <ExtensionsPage title={pageTitles.extensions} /> },
          { path: 'subscription', element: page(SubscriptionPage) },
          { path: 'faq', element: <FaqPage title={pageTitles.faq} /> },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
