// The control API's "place an order" body, checked: contact, customer, addresses, lines by SKU,
// discount code, gateway, browser IP and an optional risk assessment to give the order.
import { z } from 'zod';
import type { AddressRecord } from '../state/order-types.js';
import { isShopCountryCode } from './country-codes.js';
import type { PlaceOrderInput } from './place-order.js';

const text = (max: number) => z.string().trim().max(max);

export const addressInput = z.object({
  firstName: text(255).default(''),
  lastName: text(255).min(1),
  company: text(255).nullish(),
  address1: text(255).min(1),
  address2: text(255).nullish(),
  city: text(255).min(1),
  province: text(255).nullish(),
  provinceCode: text(10).nullish(),
  country: text(255).min(1),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter ISO country code')
    .transform((code) => code.toUpperCase())
    .refine(isShopCountryCode, 'a country code the platform knows (ISO 3166-1 alpha-2)'),
  zip: text(20).default(''),
  phone: text(40).nullish(),
});

export function toAddress(
  input: z.infer<typeof addressInput> | null | undefined,
): AddressRecord | null {
  if (!input) return null;
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    company: input.company || null,
    address1: input.address1,
    address2: input.address2 || null,
    city: input.city,
    province: input.province || null,
    provinceCode: input.provinceCode || null,
    country: input.country,
    countryCode: input.countryCode,
    zip: input.zip,
    phone: input.phone || null,
  };
}

const riskLevel = z.enum(['HIGH', 'MEDIUM', 'LOW', 'NONE', 'PENDING']);
const riskFact = z.object({
  description: z.string().min(1).max(1000),
  sentiment: z.enum(['NEGATIVE', 'NEUTRAL', 'POSITIVE']),
});

export const riskInput = z.object({
  level: riskLevel,
  facts: z.array(riskFact).max(20).optional(),
});

/** Facts for a level given without any: one line saying who set it. */
export function riskFacts(input: z.infer<typeof riskInput>) {
  if (input.facts && input.facts.length > 0) return input.facts;
  if (input.level === 'PENDING') return [];
  return [
    {
      description: `Risk level ${input.level.toLowerCase()} set through the emulator's control API`,
      sentiment: input.level === 'HIGH' || input.level === 'MEDIUM' ? 'NEGATIVE' : 'NEUTRAL',
    } as const,
  ];
}

export const placeOrderBody = z.object({
  email: z.email().max(254).nullish(),
  phone: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'an E.164 phone number such as +14155550123')
    .nullish(),
  customer: z
    .object({
      firstName: text(255).optional(),
      lastName: text(255).optional(),
      tags: z.array(text(255)).max(250).optional(),
    })
    .optional(),
  billingAddress: addressInput.nullish(),
  shippingAddress: addressInput.nullish(),
  lines: z
    .array(z.object({ sku: z.string().min(1).max(100), quantity: z.int().min(1).max(10_000) }))
    .min(1)
    .max(100),
  discountCode: text(100).nullish(),
  gateway: text(100).min(1).default('bogus'),
  browserIp: z.union([z.ipv4(), z.ipv6()]).nullish(),
  userAgent: text(1000).nullish(),
  acceptLanguage: text(200).nullish(),
  risk: riskInput.optional(),
  tags: z.array(text(255)).max(250).optional(),
  note: text(5000).nullish(),
  test: z.boolean().default(false),
  createdAt: z.iso.datetime({ offset: true }).optional(),
});

export function toPlaceOrderInput(body: z.infer<typeof placeOrderBody>): PlaceOrderInput {
  return {
    email: body.email ?? null,
    phone: body.phone ?? null,
    customer: body.customer
      ? {
          firstName: body.customer.firstName ?? null,
          lastName: body.customer.lastName ?? null,
          tags: body.customer.tags ?? [],
        }
      : null,
    billingAddress: toAddress(body.billingAddress),
    shippingAddress: toAddress(body.shippingAddress),
    lines: body.lines,
    discountCode: body.discountCode ?? null,
    gateway: body.gateway,
    browserIp: body.browserIp ?? null,
    userAgent: body.userAgent ?? null,
    acceptLanguage: body.acceptLanguage ?? null,
    risk: body.risk ? { riskLevel: body.risk.level, facts: riskFacts(body.risk) } : null,
    card: null,
    tags: body.tags ?? [],
    note: body.note ?? null,
    test: body.test,
    createdAt: body.createdAt ? new Date(body.createdAt).toISOString() : null,
    sourceName: 'web',
  };
}
