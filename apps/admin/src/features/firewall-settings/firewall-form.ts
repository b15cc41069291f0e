// The Firewall Settings form: what the merchant edits (domains as one per line, numbers as
// typed) and its reading into the save call's settings, with the contract's own checks; each
// problem, the contract's before a save or the server's after one, belongs to the field it is
// about.
import { z } from 'zod';
import {
  FIREWALL_ENFORCEABLE,
  firewallSettings,
  listBlockers,
  type ListBlockerName,
  type FirewallEnforceable,
  type FirewallSettings,
  type FirewallSettingsView,
} from '@gatehouse/contracts';
import type { IssuePath } from '../../lib/place-issues.js';

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

/** The save call's input as the form reads it (not yet checked). */
function toInput(form: FirewallForm) {
  return {
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
  };
}

export type FirewallField = 'origin' | 'hosts' | 'enforce' | 'max' | 'windowSeconds' | 'action';

/** The field a problem of the save call's input is about, by its path; null for none. */
export function fieldOf(path: IssuePath): FirewallField | null {
  const [first, second] = path;
  if (first === 'origin' || first === 'hosts' || first === 'enforce') return first;
  if (first === 'rateLimit' && (second === 'max' || second === 'windowSeconds')) return second;
  if (first === 'rateLimit' && second === 'action') return 'action';
  return null;
}

/** The form checked by the contract, each problem at its field (the origin when it has none). */
export const firewallFormSchema: z.ZodType<FirewallForm> = z
  .object({
    enabled: z.boolean(),
    origin: z.string(),
    hosts: z.string(),
    enforce: z.array(z.enum(FIREWALL_ENFORCEABLE)),
    limitEnabled: z.boolean(),
    max: z.string(),
    windowSeconds: z.string(),
    action: z.enum(['challenge', 'block']),
  })
  .superRefine((form, ctx) => {
    const parsed = firewallSettings.safeParse(toInput(form));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.filter((p) => typeof p !== 'symbol'));
      ctx.addIssue({ code: 'custom', message: issue.message, path: [field ?? 'origin'] });
    }
  });

/** The settings to save, or the first problem the merchant must fix. */
export function readForm(form: FirewallForm): { settings: FirewallSettings } | { error: string } {
  const parsed = firewallSettings.safeParse(toInput(form));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the settings.' };
  return { settings: parsed.data };
}
