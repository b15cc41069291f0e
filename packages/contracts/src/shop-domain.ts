// Shop-domain rules shared by the login form and the server: what a merchant may type, and
// the one canonical `<handle>.myshopify.com` form everything else uses.
import { z } from 'zod';

export const PLATFORM_DOMAIN = 'myshopify.com';

export const loginDomainMessages = {
  required: 'Please enter domain name to login',
  invalid: 'Domain name is not valid',
} as const;

/** A shop handle as Shopify issues them: letters, digits and hyphens, starting with a letter or digit. */
const HANDLE = /^[a-z0-9][a-z0-9-]*$/;
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export function isShopDomain(value: string): boolean {
  return SHOP_DOMAIN.test(value) && value.length <= 255;
}

/**
 * Turns what a merchant typed (`abc123`, `abc123.myshopify.com`, `https://abc123.myshopify.com/`,
 * `admin.shopify.com/store/abc123`) into `abc123.myshopify.com`, or null when it cannot be one.
 */
export function normalizeShopDomain(input: string): string | null {
  let value = input.trim().toLowerCase();
  if (value === '' || /\s/.test(value)) return null;
  value = value.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  const adminForm = /^admin\.shopify\.com\/store\/([^/]+)$/.exec(value);
  if (adminForm?.[1]) value = adminForm[1];
  if (value.endsWith(`.${PLATFORM_DOMAIN}`)) value = value.slice(0, -PLATFORM_DOMAIN.length - 1);
  if (!HANDLE.test(value) || value.length > 60) return null;
  return `${value}.${PLATFORM_DOMAIN}`;
}

/** The login form's own check: required after trimming, no whitespace. */
export function loginDomainError(input: string): string | null {
  if (input.trim() === '') return loginDomainMessages.required;
  if (/\s/.test(input)) return loginDomainMessages.invalid;
  return null;
}

export const spfLoginRequest = z.object({
  domain: z
    .string({ error: loginDomainMessages.required })
    .refine((v) => v.trim() !== '', loginDomainMessages.required)
    .refine((v) => normalizeShopDomain(v) !== null, loginDomainMessages.invalid),
});
