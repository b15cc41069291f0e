// The storefront's calls: what the app-embed script asks the server and what it is told.
// Public (no session): every field is validated, nothing here trusts the visitor.
import { z } from 'zod';
import { cleanText } from './hygiene.js';
import { isShopDomain } from './shop-domain.js';

const shop = z
  .string({ error: 'The shop is missing.' })
  .refine(isShopDomain, 'The shop is not a valid myshopify.com domain.');

export const DECIDE_PATH = '/api/storefront/decide';
export const ADMIN_ACCESS_PATH = '/api/storefront/adminAccess';

export const decideQuery = z.object({
  shop,
  /** The page the visitor asked for (absolute URL on the store). */
  url: z.string().max(2048, 'The page URL is too long.').superRefine(cleanText('The page URL')),
  /** document.referrer, empty when none. */
  ref: z
    .string()
    .max(2048, 'The referrer is too long.')
    .superRefine(cleanText('The referrer'))
    .optional()
    .default(''),
  /** The signed allow token from an earlier decision of this browser session. */
  t: z.string().max(512).optional(),
  /** The signed admin-access device token kept by this browser, if any. */
  d: z.string().max(512).optional(),
  /** "1": this browser session already had its geolocation redirect or answered its prompt. */
  g: z.literal('1', { error: 'g can only be 1.' }).optional(),
});
export type DecideQuery = z.input<typeof decideQuery>;

export const blockPage = z.object({
  title: z.string(),
  message: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  logoUrl: z.string().nullable(),
});
export type BlockPage = z.infer<typeof blockPage>;

/**
 * What a blocked shopper is told beyond the merchant's block page: why (by kind of rule only,
 * never which rule), whom to ask, and the reference that finds the visit in the visitor log.
 */
export const blockNotice = z.object({
  /** The kind of reason in plain words, e.g. "VPN or proxy", "your country or region". */
  reason: z.string(),
  /** The store's customer-facing email; empty when the store has none. */
  contactEmail: z.string(),
  /** The visit's reference (visit-reference.ts). */
  reference: z.string(),
});
export type BlockNotice = z.infer<typeof blockNotice>;

/** A geolocation redirect that asks first: what the visitor is shown. */
export const redirectPrompt = z.object({
  title: z.string(),
  text: z.string(),
  accept: z.string(),
  decline: z.string(),
  /** The target store's country (its flag), or empty. */
  flag: z.string(),
});
export type RedirectPromptView = z.infer<typeof redirectPrompt>;

export const decideResponse = z.object({
  action: z.enum(['allow', 'block', 'redirect']),
  /** On allow: a short-lived signed token; later page views of the session reveal at once. */
  token: z.string().optional(),
  redirectUrl: z.string().optional(),
  /** On a geolocation redirect that asks first: the prompt (the page is shown meanwhile). */
  prompt: redirectPrompt.optional(),
  blockPage: blockPage.optional(),
  /** On block: why, whom to ask and the visit's reference. */
  notice: blockNotice.optional(),
  /**
   * Content protection's switches that apply to this page (never for an admin-access device):
   * rightClick, select, copy, drag, shortcuts, devtools, frame.
   */
  protect: z.array(z.string()).optional(),
  /** This browser is a recognised admin-access device. */
  adminAccess: z.boolean().optional(),
});
export type DecideResponse = z.infer<typeof decideResponse>;

/** Opening the storefront from the admin with `?shopId=…&idya=true|false` posts this. */
export const adminAccessRequest = z.object({
  shop,
  shopId: z.string().min(1).max(100),
  enabled: z.boolean(),
  /** The device token this browser already holds, when turning the mode off. */
  d: z.string().max(512).optional(),
});
export const adminAccessResponse = z.object({
  isAdminAccessMode: z.boolean(),
  /** The signed device token to keep (null when the mode was turned off). */
  deviceToken: z.string().nullable(),
});
export type AdminAccessResponse = z.infer<typeof adminAccessResponse>;
