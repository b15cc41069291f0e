// Requests of the support back-office API (/api/support/*). Not part of the merchant
// contract: only the support CLI calls them.
import { cleanText, normalizeShopDomain } from '@gatehouse/contracts';
import { z } from 'zod';
import { plans } from '../../core/db/schema.js';

export const shopArg = z
  .string({ error: 'Please name a shop (handle or domain).' })
  .transform((v, ctx) => {
    const domain = normalizeShopDomain(v);
    if (!domain) {
      ctx.addIssue({ code: 'custom', message: `"${v}" is not a shop handle or domain.` });
      return z.NEVER;
    }
    return domain;
  });

export const shopRequest = z.object({ shop: shopArg });

export const notifyRequest = z.object({
  shop: shopArg,
  text: z
    .string({ error: 'Please give the message text.' })
    .trim()
    .min(1, 'Please give the message text.')
    .max(5000, 'The message cannot exceed 5000 characters.')
    .superRefine(cleanText('The message')),
});

const flag = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .transform((v) => ['true', '1', 'yes'].includes(v)),
]);

/** Every setting support may change, with what it accepts. */
export const settingSchemas = {
  isShowWaf: flag,
  isAppDisabled: flag,
  islegacyAccount: flag,
  isNew: flag,
  isReviewLeft: flag,
  extensionEnabled: flag,
  plan: z.enum(plans),
  adminAccess: flag,
  adminAccessMode: flag,
  wafConnected: flag,
  installedDaysAgo: z.coerce.number().int().min(0).max(3650),
} as const;
export type SettingName = keyof typeof settingSchemas;

export const settingHints: Record<SettingName, string> = {
  isShowWaf: 'true or false',
  isAppDisabled: 'true or false',
  islegacyAccount: 'true or false',
  isNew: 'true or false',
  isReviewLeft: 'true or false',
  extensionEnabled: 'true or false',
  plan: plans.join(', '),
  adminAccess: 'true or false',
  adminAccessMode: 'true or false',
  wafConnected: 'true or false',
  installedDaysAgo: 'a whole number of days (0 or more)',
};

export const setRequest = z.object({
  shop: shopArg,
  values: z.record(z.string(), z.unknown(), { error: 'Please give values to set.' }),
});
