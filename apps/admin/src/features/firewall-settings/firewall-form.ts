// The Firewall Settings form: what the merchant edits (domains as one per line, numbers as
// typed) and its reading into the save call's settings, with the contract's own checks.
import {
  firewallSettings,
  listBlockers,
  type ListBlockerName,
  type FirewallEnforceable,
  type FirewallSettings,
  type FirewallSettingsView,
} from '@gatehouse/contracts';

export interface FirewallForm {
  enabled: boolean;
  origin: string;
  hosts: string;
  enforce: FirewallEnforceable[];
  limitEnabled: boolean;
  max: string;
  windowSeconds: string;
  action: 'challenge' | 'block';
}

/** The list blockers' names in the enforce choices: their titles. */
const listBlockerTitles = Object.fromEntries(
  listBlockers.map((mf) => [mf.name, mf.title]),
) as Record<ListBlockerName, string>;

export const ENFORCE_LABELS: Record<FirewallEnforceable, string> = {
  'ip-lists': 'IP Blocker and allow list',
  'country-blocker': 'Country Blocker',
  'asn-blocker': 'ISP/ASN Blocker',
  ...listBlockerTitles,
  'vpn-blocker': 'Bot (VPN/Proxy) Blocker',
  'bot-blocker': 'Bot Blocker',
};

export function toForm(view: FirewallSettingsView): FirewallForm {
  return {
    enabled: view.enabled,
    origin: view.origin,
    hosts: view.hosts.join('\n'),
    enforce: view.enforce,
    limitEnabled: view.rateLimit.enabled,
    max: String(view.rateLimit.max),
    windowSeconds: String(view.rateLimit.windowSeconds),
    action: view.rateLimit.action,
  };
}

/** The settings to save, or the first problem the merchant must fix. */
export function readForm(form: FirewallForm): { settings: FirewallSettings } | { error: string } {
  const parsed = firewallSettings.safeParse({
    enabled: form.enabled,
    origin: form.origin.trim(),
    hosts: form.hosts
      .split(/[\s,]+/)
      .map((h) => h.trim())
      .filter(Boolean),
    enforce: form.enforce,
    rateLimit: {
      enabled: form.limitEnabled,
      max: Number(form.max),
      windowSeconds: Number(form.windowSeconds),
      action: form.action,
    },
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the settings.' };
  return { settings: parsed.data };
}
