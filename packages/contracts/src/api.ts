// Every call of the admin API: method, exact wire path (typos included, existing clients send
// them), request and response schema.
// The server registers routes from this table and the admin's client calls through it.
import { z } from 'zod';
import {
  accountInfo,
  adminAccessResult,
  adminAccessStatusRequest,
  armAdminAccessRequest,
  authDomainResponse,
  dashboardData,
  dashboardDataRequest,
  extensionStatus,
  markMessageReadRequest,
  notification,
  routeTokenRequest,
} from './account.js';
import {
  appVersion,
  choosePlanRequest,
  choosePlanResponse,
  planView,
  subscriptionState,
} from './billing.js';
import { botAgentsApi } from './bot-agents.js';
import { botBlockerApi } from './bot-blocker.js';
import { customerQuestionRequest } from './contact.js';
import { customerBlockListsApi } from './customer-block-lists.js';
import { firewallApi } from './firewall.js';
import { firewallAccessLogApi } from './firewall-access-log.js';
import { fraudProtectApi } from './fraud-protect.js';
import { legacyBlockListsApi } from './legacy-block-lists.js';
import { autoCancelApi } from './auto-cancel.js';
import { extensionsApi } from './extensions.js';
import type { Feature } from './plans.js';
import { protectionApi } from './protection.js';
import { listBlockerApi } from './list-blockers.js';
import { robotsTxtApi } from './robots-txt.js';
import { ruleCostApi } from './rule-cost.js';
import { geoRedirectsApi } from './geo-redirects.js';
import { contentProtectionApi } from './content-protection.js';
import { spfLoginRequest } from './shop-domain.js';
import { vpnBlockerApi } from './vpn-blocker.js';
import { visitorLogApi } from './visitor-logs.js';
import { accessRequestsApi } from './access-requests.js';

export interface ApiCall<Req extends z.ZodType, Res extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  /** Calls that need no session (sign-in). */
  public?: boolean;
  /** The plan feature the call needs; the server answers 403 to a plan without it. */
  feature?: Feature;
  request: Req;
  response: Res;
}

const none = z.object({}).strict();
const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const api = {
  spfLogin: call({
    method: 'POST',
    path: '/api/account/spfLogin',
    public: true,
    request: spfLoginRequest,
    response: z.string(),
  }),
  authDomain: call({
    method: 'POST',
    path: '/api/account/authDomain',
    public: true,
    request: routeTokenRequest,
    response: authDomainResponse,
  }),
  personate: call({
    method: 'POST',
    path: '/api/account/personate',
    public: true,
    request: routeTokenRequest,
    response: z.string(),
  }),
  logout: call({
    method: 'POST',
    path: '/api/account/logout',
    request: none,
    response: z.boolean(),
  }),
  getAccountInfo: call({
    method: 'GET',
    path: '/api/account/getAccountInfo',
    request: z.object({}),
    response: accountInfo,
  }),
  setExtensionEnabled: call({
    method: 'POST',
    path: '/api/account/setExtensionEnabled',
    request: none,
    response: z.boolean(),
  }),
  showRating: call({
    method: 'POST',
    path: '/api/account/showRating',
    request: none,
    response: z.boolean(),
  }),
  getExtensionEnabned: call({
    method: 'POST',
    path: '/api/account/getExtensionEnabned',
    request: none,
    response: extensionStatus,
  }),
  getNotification: call({
    method: 'POST',
    path: '/api/account/getNotification',
    request: none,
    response: notification,
  }),
  markMessageRead: call({
    method: 'POST',
    path: '/api/account/markMessageRead',
    request: markMessageReadRequest,
    response: z.boolean(),
  }),
  getWafConnected: call({
    method: 'POST',
    path: '/api/account/getWafConnected',
    request: none,
    response: z.boolean(),
  }),
  createCustomerQuestion: call({
    method: 'POST',
    path: '/api/customerQuestion/create',
    request: customerQuestionRequest,
    response: z.boolean(),
  }),
  getDashboardData: call({
    method: 'GET',
    path: '/api/dashboard/getDashboardData',
    request: dashboardDataRequest,
    response: dashboardData,
  }),
  checkEmptyWhiteLists: call({
    method: 'GET',
    path: '/api/dashboard/checkEmptyWhiteLists',
    request: z.object({}),
    response: z.boolean(),
  }),
  getAdminAccess: call({
    method: 'POST',
    path: '/api/dashboard/getAdminAccess',
    request: adminAccessStatusRequest,
    response: adminAccessResult,
  }),
  /**
   * Arms Admin Access for the next few minutes before the dashboard opens the storefront at
   * `?shopId=…&idya=true`: only an armed shop accepts a new admin device.
   */
  armAdminAccess: call({
    method: 'POST',
    path: '/api/dashboard/armAdminAccess',
    request: armAdminAccessRequest,
    response: z.boolean(),
  }),
  getAppVersion: call({
    method: 'GET',
    path: '/api/app/version',
    public: true,
    request: z.object({}),
    response: appVersion,
  }),
  getPlans: call({
    method: 'GET',
    path: '/api/subscription/getPlans',
    request: z.object({}),
    response: z.array(planView),
  }),
  getSubscription: call({
    method: 'GET',
    path: '/api/subscription/getSubscription',
    request: z.object({}),
    response: subscriptionState,
  }),
  choosePlan: call({
    method: 'POST',
    path: '/api/subscription/choosePlan',
    request: choosePlanRequest,
    response: choosePlanResponse,
  }),
  cancelSubscription: call({
    method: 'POST',
    path: '/api/subscription/cancelSubscription',
    request: none,
    response: z.boolean(),
  }),
  // Protection rules and settings: protection.ts.
  ...protectionApi,
  ...listBlockerApi,
  ...legacyBlockListsApi,
  ...customerBlockListsApi,
  ...geoRedirectsApi,
  ...contentProtectionApi,
  ...vpnBlockerApi,
  ...botBlockerApi,
  ...botAgentsApi,
  ...robotsTxtApi,
  ...ruleCostApi,
  ...firewallApi,
  ...firewallAccessLogApi,
  ...fraudProtectApi,
  ...autoCancelApi,
  // Visitor logs, IP lookup and the dashboard chart: visitor-logs.ts.
  ...visitorLogApi,
  ...accessRequestsApi,
  ...extensionsApi,
} as const;

export type Api = typeof api;
export type CallName = keyof Api;
export type RequestOf<N extends CallName> = z.input<Api[N]['request']>;
export type ResponseOf<N extends CallName> = z.infer<Api[N]['response']>;
