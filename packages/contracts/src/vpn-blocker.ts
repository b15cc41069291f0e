// Bot (VPN/Proxy) Blocker (/vpnBlocker): blocks visitors by the kind of network their address
// belongs to. Four switches (hosting and data-centre networks, VPN services, proxies, Tor
// exits), each with its own action and monitor mode; iCloud Private Relay is let in unless the
// merchant turns that off, and then meets the VPN switch; networks the merchant trusts (by AS
// number: a corporate VPN, a payment provider's callbacks) are never blocked by any switch.
// The page also shows the address feeds the classification runs on. A paid feature: every
// call names `botBlocker` and answers 403 on a plan without it.
import { isAsn, readAsNumber } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { textProblem } from './hygiene.js';
import { blockAction, entryNote, protectionMessages } from './protection-fields.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

/** The blocker's switches, in the order the page shows them. */
export const vpnNetworks = ['hosting', 'vpn', 'proxy', 'tor'] as const;
export type VpnNetwork = (typeof vpnNetworks)[number];

/** The engine rule id of a switch's rule. */
export const vpnRuleId = (network: VpnNetwork) => `vpn-${network}`;

/** The switch a rule id names, or null for another blocker's rule. */
export function switchOfRule(id: string): VpnNetwork | null {
  return vpnNetworks.find((network) => vpnRuleId(network) === id) ?? null;
}

export const vpnMessages = {
  switches: 'Send the settings of all four switches: hosting, vpn, proxy and tor.',
  switchSettings: (network: string) =>
    `The ${network} switch needs "enabled" (true or false), an action and "monitor" (true or false).`,
  enabled: 'Say whether the switch is on with true or false.',
  monitor: 'Say whether monitor mode is on with true or false.',
  relay: 'Say whether iCloud Private Relay is allowed with true or false.',
  asnValue: 'Enter the AS number of a network you trust, like AS14061 or 14061.',
  duplicate: 'That network is already trusted.',
  cap: 'At most 500 networks can be trusted. Remove some to add more.',
} as const;
const m = vpnMessages;

/** Most networks the merchant can trust. */
export const maxTrustedAsns = 500;

/** Reads "AS14061", "as 14061" or "14061" as an AS number, or the message to show. */
export function readTrustedAsn(text: string): { asn: number } | { error: string } {
  const value = text.trim();
  if (value === '') return { error: m.asnValue };
  const problem = textProblem(value, 'The AS number');
  if (problem) return { error: problem };
  const asn = readAsNumber(value);
  if (asn === null) return { error: m.asnValue };
  return isAsn(asn) ? { asn } : { error: protectionMessages.asnRange };
}

const vpnSwitch = (network: VpnNetwork) =>
  z.object(
    {
      enabled: z.boolean({ error: m.enabled }),
      action: blockAction,
      /** Report "would block" in the visitor log and allow the visitor. */
      monitor: z.boolean({ error: m.monitor }),
    },
    { error: m.switchSettings(network) },
  );
export type VpnSwitch = z.infer<ReturnType<typeof vpnSwitch>>;

export const vpnBlockerSettings = z.object({
  switches: z.object(
    {
      /** Data centres and clouds: servers, scrapers, most bots. */
      hosting: vpnSwitch('hosting'),
      /** Commercial VPN services' exits. */
      vpn: vpnSwitch('vpn'),
      /** Relays of other people's browsing (open and residential proxies). */
      proxy: vpnSwitch('proxy'),
      /** Tor exit addresses. */
      tor: vpnSwitch('tor'),
    },
    { error: m.switches },
  ),
  /**
   * Apple iCloud Private Relay's visitors get in (the default). When false they meet the VPN
   * switch: blocked with its action while it is on.
   */
  allowPrivateRelay: z.boolean({ error: m.relay }),
});
export type VpnBlockerSettings = z.infer<typeof vpnBlockerSettings>;

export const trustedAsn = z.object({
  id: z.string(),
  asn: z.number(),
  note: z.string(),
  createdAt: z.string(),
});
export type TrustedAsn = z.infer<typeof trustedAsn>;

/** One address feed of the network classification, as last refreshed. */
export const networkFeedStatus = z.object({
  name: z.string(),
  title: z.string(),
  /** The kind of network its addresses are; null for a crawler's or an AI agent's ranges. */
  network: z.enum([...vpnNetworks, 'privateRelay']).nullable(),
  /** The ranges of an AI company's agent (not a search engine's crawler). */
  aiAgent: z.boolean(),
  /** A good copy is stored and in use. */
  loaded: z.boolean(),
  /** Address ranges in that copy. */
  ranges: z.number(),
  /** When that copy was downloaded. */
  fetchedAt: z.string().nullable(),
  /** The last refresh attempt, good or bad. */
  checkedAt: z.string().nullable(),
  /** What went wrong with the last attempt, in the merchant's words; null when it went well. */
  lastError: z.string().nullable(),
  /** The copy in use is more than a week old. */
  stale: z.boolean(),
  /** When the next refresh is due; null when this server does not refresh the lists. */
  nextTryAt: z.string().nullable(),
});
export type NetworkFeedStatus = z.infer<typeof networkFeedStatus>;

export const vpnBlockerView = vpnBlockerSettings.extend({
  /** Networks never blocked by any switch, newest first. */
  trusted: z.array(trustedAsn),
  /** Most trusted networks (maxTrustedAsns). */
  limit: z.number(),
  feeds: z.array(networkFeedStatus),
});
export type VpnBlockerView = z.infer<typeof vpnBlockerView>;

export const trustedAsnAddRequest = z.object({
  /** "AS14061" or "14061" (readTrustedAsn). */
  asn: z
    .string({ error: m.asnValue })
    .max(50, m.asnValue)
    .superRefine((text, ctx) => {
      const read = readTrustedAsn(text);
      if ('error' in read) ctx.addIssue({ code: 'custom', message: read.error });
    }),
  note: entryNote.optional().default(''),
});

export const trustedAsnDeleteRequest = z.object({
  ids: z
    .array(z.uuid({ error: protectionMessages.entryId }), {
      error: protectionMessages.noEntries,
    })
    .min(1, protectionMessages.noEntries)
    .max(1000, protectionMessages.tooManyIds),
});

export const vpnBlockerApi = {
  getVpnBlocker: call({
    method: 'GET',
    path: '/api/vpnBlocker/get',
    feature: 'botBlocker',
    request: z.object({}),
    response: vpnBlockerView,
  }),
  /** The switches (each with its action and monitor mode) and the relay choice. */
  saveVpnBlocker: call({
    method: 'POST',
    path: '/api/vpnBlocker/save',
    feature: 'botBlocker',
    request: vpnBlockerSettings,
    response: vpnBlockerView,
  }),
  addVpnTrustedAsn: call({
    method: 'POST',
    path: '/api/vpnBlocker/addTrusted',
    feature: 'botBlocker',
    request: trustedAsnAddRequest,
    response: trustedAsn,
  }),
  deleteVpnTrustedAsns: call({
    method: 'POST',
    path: '/api/vpnBlocker/deleteTrusted',
    feature: 'botBlocker',
    request: trustedAsnDeleteRequest,
    response: z.object({ deleted: z.number() }),
  }),
} as const;
