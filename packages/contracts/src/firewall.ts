// The Firewall (Premium): the edge proxy's settings (/firewallSettings), its URL Blocker
// (/fw-urlBlocker), and what the server hands the firewall instances: every protected shop's
// host names, origin, rule set and block page (the policy snapshot), read with a key only the
// server and its firewalls know.
import { URL_MATCH_TYPES, URL_METHODS, URL_TARGETS } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { entryDeleteRequest } from './entry-delete.js';
import { cleanText } from './hygiene.js';
import { blockAction, entryNote } from './protection-fields.js';
import { listBlockers } from './list-blockers.js';
import { blockPage } from './storefront.js';

/** Where firewall instances read the policy snapshot (bearer: the firewall key). */
export const FIREWALL_POLICIES_PATH = '/api/firewall/policies';
/**
 * Where firewall instances read the stored copies of the network feeds (bearer: the firewall
 * key), to classify addresses as the storefront's decisions do; the engine's `feedCopies`.
 */
export const FIREWALL_FEEDS_PATH = '/api/firewall/feeds';
/** The path every firewall answers itself (the connection probe); never proxied. */
export const FIREWALL_PROBE_PATH = '/.well-known/gatehouse-firewall';
/** The list blockers the firewall can also enforce, by their names. */
const edgeListBlockers = listBlockers.filter((mf) => mf.edge).map((mf) => mf.name);

/** The storefront blockers the firewall can also enforce, by their names. */
export const FIREWALL_ENFORCEABLE = [
  'ip-lists',
  'country-blocker',
  ...edgeListBlockers,
  'vpn-blocker',
  'bot-blocker',
] as const;
export type FirewallEnforceable = (typeof FIREWALL_ENFORCEABLE)[number];

export const firewallMessages = {
  origin:
    'Enter the store origin as an http:// or https:// address, like https://shop.myshopify.com.',
  host: 'Each domain must be a host name, like www.example.com.',
  tooManyHosts: 'At most 10 domains can point at the firewall.',
  hostTaken: 'Another shop already serves that domain through the firewall.',
  /** The origin is no public address of the store: what it is, and what to enter instead. */
  originNotPublic: (problem: string) =>
    `The store origin must be a public address of your store, and ${problem}. Enter your store's myshopify.com address, like https://your-store.myshopify.com.`,
  limit: 'The request limit must be a whole number from 1 to 100,000.',
  window: 'The window must be a whole number of seconds from 1 to 3,600.',
  pattern: 'Enter a URL pattern, like /wp-login.php.',
  tooManyMethods: 'Choose the methods the pattern applies to, or none for all.',
};
const m = firewallMessages;

const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export const firewallHost = z
  .string({ error: m.host })
  .trim()
  .toLowerCase()
  .refine((h) => HOST.test(h) || /^[a-z0-9-]+\.localhost$/.test(h), m.host);

export const firewallOrigin = z
  .string({ error: m.origin })
  .trim()
  .max(2048, m.origin)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.username === '' &&
        url.password === '' &&
        url.search === '' &&
        url.hash === ''
      );
    } catch {
      return false;
    }
  }, m.origin);

export const firewallRateLimit = z.object({
  enabled: z.boolean(),
  /** Requests per visitor IP per window. */
  max: z.number({ error: m.limit }).int(m.limit).min(1, m.limit).max(100_000, m.limit),
  windowSeconds: z.number({ error: m.window }).int(m.window).min(1, m.window).max(3600, m.window),
  /** "challenge": a page the browser passes by itself (scripts do not); "block": a 429 page. */
  action: z.enum(['challenge', 'block']),
});
export type FirewallRateLimit = z.infer<typeof firewallRateLimit>;

export const firewallSettings = z.object({
  enabled: z.boolean(),
  /** The store the firewall forwards to. */
  origin: z.union([z.literal(''), firewallOrigin]),
  /** The shop's domains pointed at the firewall. */
  hosts: z.array(firewallHost).max(10, m.tooManyHosts),
  /** Storefront blockers whose rules the firewall applies too. */
  enforce: z.array(z.enum(FIREWALL_ENFORCEABLE)).max(FIREWALL_ENFORCEABLE.length),
  rateLimit: firewallRateLimit,
});
export type FirewallSettings = z.infer<typeof firewallSettings>;

export const firewallSettingsView = firewallSettings.extend({
  /** The address the shop's domains point at (DNS CNAME target), when one is configured. */
  firewallHost: z.string().nullable(),
  /** The IPv4 address for an apex domain's A record, when one is configured. */
  firewallAddress: z.string().nullable(),
});
export type FirewallSettingsView = z.infer<typeof firewallSettingsView>;

export const urlEntry = z.object({
  id: z.string(),
  match: z.enum(URL_MATCH_TYPES),
  pattern: z.string(),
  target: z.enum(URL_TARGETS),
  methods: z.array(z.enum(URL_METHODS)),
  note: z.string(),
  hits: z.number(),
  lastHitAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UrlEntry = z.infer<typeof urlEntry>;

export const urlBlockerSettings = z.object({ action: blockAction, monitor: z.boolean() });
export const urlBlockerView = urlBlockerSettings.extend({
  entries: z.array(urlEntry),
  limit: z.number(),
});
export type UrlBlockerView = z.infer<typeof urlBlockerView>;

export const urlAddRequest = z.object({
  match: z.enum(URL_MATCH_TYPES),
  pattern: z
    .string({ error: m.pattern })
    .trim()
    .min(1, m.pattern)
    .max(500, m.pattern)
    .superRefine(cleanText('The URL pattern')),
  target: z.enum(URL_TARGETS).optional().default('path'),
  methods: z.array(z.enum(URL_METHODS), { error: m.tooManyMethods }).max(7).optional().default([]),
  note: entryNote.optional().default(''),
});

/** One protected shop as a firewall instance sees it. */
export const firewallShop = z.object({
  shopId: z.string(),
  domain: z.string(),
  hosts: z.array(z.string()),
  origin: z.string(),
  /** The engine's rule set (compiled by the firewall with the engine's compile()). */
  ruleSet: z.unknown(),
  blockPage,
  /** The store's customer-facing email, shown on the block page; empty when it has none. */
  contactEmail: z.string().default(''),
  rateLimit: firewallRateLimit.omit({ enabled: true }).nullable(),
});
export type FirewallShop = z.infer<typeof firewallShop>;

export const firewallSnapshot = z.object({ shops: z.array(firewallShop) });
export type FirewallSnapshot = z.infer<typeof firewallSnapshot>;

const none = z.object({}).strict();
const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const firewallApi = {
  getFirewallSettings: call({
    method: 'GET',
    path: '/api/firewall/getSettings',
    feature: 'firewall',
    request: none,
    response: firewallSettingsView,
  }),
  saveFirewallSettings: call({
    method: 'POST',
    path: '/api/firewall/saveSettings',
    feature: 'firewall',
    request: firewallSettings,
    response: firewallSettingsView,
  }),
  getUrlBlocker: call({
    method: 'GET',
    path: '/api/fwUrlBlocker/get',
    feature: 'firewall',
    request: none,
    response: urlBlockerView,
  }),
  saveUrlBlocker: call({
    method: 'POST',
    path: '/api/fwUrlBlocker/save',
    feature: 'firewall',
    request: urlBlockerSettings,
    response: urlBlockerView,
  }),
  addUrlBlocker: call({
    method: 'POST',
    path: '/api/fwUrlBlocker/add',
    feature: 'firewall',
    request: urlAddRequest,
    response: urlBlockerView,
  }),
  deleteUrlBlocker: call({
    method: 'POST',
    path: '/api/fwUrlBlocker/delete',
    feature: 'firewall',
    request: entryDeleteRequest,
    response: z.object({ deleted: z.number() }),
  }),
};
