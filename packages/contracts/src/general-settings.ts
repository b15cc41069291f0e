// General Settings (/settings): the master switch, the block page's look, the decision
// time-out, the visitor-log retention and the Admin Access setting.
import { z } from 'zod';
import { cleanText } from './hygiene.js';
import { protectionMessages as m } from './protection-fields.js';

const colour = z
  .string({ error: m.colour })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, m.colour);

export const blockPageSettings = z.object({
  title: z
    .string({ error: m.title })
    .trim()
    .min(1, m.title)
    .max(100, m.title)
    .superRefine(cleanText('The block page title')),
  message: z
    .string({ error: m.message })
    .trim()
    .min(1, m.message)
    .max(1000, m.message)
    .superRefine(cleanText('The block page message')),
  backgroundColor: colour,
  textColor: colour,
  logoUrl: z
    .string({ error: m.logoUrl })
    .trim()
    .max(2048, m.logoUrl)
    .refine((v) => v === '' || /^https:\/\/[^\s/]+\/\S*$/i.test(v), m.logoUrl)
    .superRefine(cleanText('The logo address'))
    .nullable()
    .transform((v) => (v === '' ? null : v)),
});

export const generalSettings = z.object({
  /** The master switch: false lets every visitor in (the shop's isAppDisabled, inverted). */
  appEnabled: z.boolean(),
  blockPage: blockPageSettings,
  /** How long a page waits for the decision before showing anyway. */
  timeoutMs: z
    .number({ error: m.timeout })
    .int(m.timeout)
    .min(500, m.timeout)
    .max(10_000, m.timeout),
  /** Visitor-log retention; at most the plan's (see maxLogRetentionHours). */
  logRetentionHours: z.number({ error: m.retention }).int(m.retention).min(1, m.retention),
  adminAccessEnabled: z.boolean(),
  /**
   * "Always let verified search engines in": a crawler whose address checks out against its
   * engine's published ranges passes every country, ISP/ASN, VPN and bot rule (not an IP block
   * entry). On when not sent.
   */
  allowVerifiedCrawlers: z
    .boolean({ error: '"allowVerifiedCrawlers" must be true or false.' })
    .optional(),
});
export type GeneralSettings = z.infer<typeof generalSettings>;
export const generalSettingsView = generalSettings.extend({
  maxLogRetentionHours: z.number(),
});
export type GeneralSettingsView = z.infer<typeof generalSettingsView>;
