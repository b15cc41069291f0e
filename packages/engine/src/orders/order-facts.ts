// What a filter reads from an order, and that order made ready to compare once per order, so
// every condition of every filter is a plain comparison. Text is compared without regard to
// case or Unicode form (NFC, lower case, trimmed); an email's domain and a listed domain are
// compared in their ASCII (punycode) form, so "bücher.de" and "xn--bcher-kva.de" are one
// domain; a phone compares by its digits; a ZIP code without its spaces, and a US ZIP+4
// ("90210-1234", "90210 1234") also as its 5-digit ZIP (us-zip.ts, the rule the checkout
// function shares), so a listed 90210 catches it. A fact the order does
// not carry is null: a condition on it never holds, negated or not, so missing data never
// cancels an order. Nothing here throws on odd input: what is not of the expected type counts
// as missing.
import { parseIp } from '../ip/ip-address.js';
import { ipToBigInt } from '../ip/ip-range.js';
import { usZipBase } from './us-zip.js';

export interface OrderAddressFacts {
  firstName?: string | null;
  lastName?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  province?: string | null;
  provinceCode?: string | null;
  zip?: string | null;
  /** ISO 3166 two-letter code. */
  countryCode?: string | null;
}

export interface OrderFacts {
  email?: string | null;
  phone?: string | null;
  /** The customer's names on the order (else the billing address's). */
  firstName?: string | null;
  lastName?: string | null;
  browserIp?: string | null;
  /** The browser IP's country (ISO code), from the geo data; null when unknown. */
  browserIpCountry?: string | null;
  /** What the network data flags the browser IP as (hosting, vpn, proxy, tor); null: unknown. */
  ipNetwork?: readonly string[] | null;
  billing?: OrderAddressFacts | null;
  shipping?: OrderAddressFacts | null;
  total?: number | null;
  quantity?: number | null;
  skus?: readonly (string | null)[] | null;
  discountCodes?: readonly string[] | null;
  gateways?: readonly string[] | null;
  tags?: readonly string[] | null;
  /** The customer has no earlier order; null when unknown. */
  firstOrder?: boolean | null;
}

export type FactValue = string | number | boolean | bigint | readonly string[] | null;

/** An order's facts by field key, normalized for comparison. */
export type PreparedOrder = Record<string, FactValue> & { ipVersion: 4 | 6 | null };

// eslint-disable-next-line no-control-regex -- ASCII is what is tested for
const ASCII = /^[\x00-\x7f]*$/;
/** Lower case, trimmed, NFC (ASCII text, the common case, needs no normalizing). */
export const normText = (s: string): string =>
  (ASCII.test(s) ? s : s.normalize('NFC')).trim().toLowerCase();
export const digitsOf = (s: string): string => s.replace(/\D+/g, '');
export const normZip = (s: string): string => normText(s).replace(/\s+/g, '');

const PLAIN_DOMAIN = /^[a-z0-9.-]+$/;

/** A domain in its ASCII form (lower case), or its plain lower-case text if it is not one. */
export function normDomain(s: string): string {
  const text = normText(s).replace(/^@/, '');
  if (PLAIN_DOMAIN.test(text)) return text;
  if (text === '' || /[\s/?#:@\\]/.test(text)) return text;
  try {
    return new URL(`http://${text}`).hostname;
  } catch {
    return text;
  }
}

const str = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const t = (ASCII.test(v) ? v : v.normalize('NFC')).trim();
  return t === '' ? null : t;
};
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const obj = (v: unknown): OrderAddressFacts | null =>
  v !== null && typeof v === 'object' ? (v as OrderAddressFacts) : null;

function texts(v: unknown, norm: (s: string) => string = normText): readonly string[] | null {
  if (!Array.isArray(v)) return null;
  const out: string[] = [];
  for (const item of v) {
    const s = str(item);
    if (s !== null) out.push(norm(s));
  }
  return out;
}

/** Present values of both addresses; null when the order has neither. */
function ofAddresses(
  billing: OrderAddressFacts | null,
  shipping: OrderAddressFacts | null,
  pick: (a: OrderAddressFacts) => (string | null)[],
): readonly string[] | null {
  if (!billing && !shipping) return null;
  const out: string[] = [];
  for (const a of [billing, shipping]) {
    if (!a) continue;
    for (const v of pick(a)) if (v !== null) out.push(v);
  }
  return out.length > 0 ? out : null;
}

const lineOf = (a: OrderAddressFacts) => {
  const parts = [str(a.address1), str(a.address2), str(a.city)].filter((p) => p !== null);
  return parts.length > 0 ? normText(parts.join(', ')) : null;
};

/** An address's ZIP as compared between addresses: a US ZIP+4 by its 5-digit ZIP. */
function zipOf(a: OrderAddressFacts): string | null {
  const z = str(a.zip);
  if (z === null) return null;
  return usZipBase(z, str(a.countryCode)) ?? normZip(z);
}

/**
 * Whether one part of the two addresses differs; null (unknown, so a condition on it never
 * holds) when either address or either part is missing.
 */
function partDiffers(
  billing: OrderAddressFacts | null,
  shipping: OrderAddressFacts | null,
  part: (a: OrderAddressFacts) => string | null,
): boolean | null {
  if (!billing || !shipping) return null;
  const x = part(billing);
  const y = part(shipping);
  return x === null || y === null ? null : x !== y;
}

const cityOf = (a: OrderAddressFacts) => {
  const c = str(a.city);
  return c === null ? null : normText(c).replace(/\s+/g, ' ');
};

function sameAddress(a: OrderAddressFacts, b: OrderAddressFacts): boolean {
  const keys = ['address1', 'address2', 'city', 'countryCode', 'provinceCode'] as const;
  return (
    (zipOf(a) ?? '') === (zipOf(b) ?? '') &&
    keys.every((k) => {
      const x = str(a[k]);
      const y = str(b[k]);
      return (x === null ? '' : normText(x)) === (y === null ? '' : normText(y));
    })
  );
}

const country = (v: unknown) => {
  const s = str(v);
  return s === null ? null : s.toUpperCase();
};

/** Reads the order once into the comparable facts every condition looks at. */
export function prepareOrder(order: OrderFacts): PreparedOrder {
  const o: OrderFacts = order !== null && typeof order === 'object' ? order : {};
  const billing = obj(o.billing);
  const shipping = obj(o.shipping);
  const email = str(o.email);
  const at = email === null ? -1 : email.lastIndexOf('@');
  const first = str(o.firstName) ?? (billing ? str(billing.firstName) : null);
  const last = str(o.lastName) ?? (billing ? str(billing.lastName) : null);
  const name = [first, last].filter((p) => p !== null).join(' ');
  const ipText = str(o.browserIp);
  const ip = ipText === null ? null : parseIp(ipText);
  const ipCountry = country(o.browserIpCountry);
  const shipCountry = shipping ? country(shipping.countryCode) : null;
  const network = texts(o.ipNetwork);
  const phone = str(o.phone);
  return {
    email: email === null ? null : normText(email),
    emailDomain: at < 0 || email === null ? null : normDomain(email.slice(at + 1)),
    phone: phone === null ? null : digitsOf(phone),
    'phone:raw': phone,
    customerName: name === '' ? null : normText(name),
    nameRepeated: first === null || last === null ? null : normText(first) === normText(last),
    browserIp: ip === null ? null : ipToBigInt(ip),
    // An IPv4 address also as a plain number, compared without bigint.
    browserIp4: ip?.version === 4 ? ip.value : null,
    ipVersion: ip === null ? null : ip.version,
    browserIpCountry: ipCountry,
    billingCountry: billing ? country(billing.countryCode) : null,
    shippingCountry: shipCountry,
    province: ofAddresses(billing, shipping, (a) =>
      [str(a.province), str(a.provinceCode)].map((v) => (v === null ? null : normText(v))),
    ),
    zip: ofAddresses(billing, shipping, (a) => {
      const z = str(a.zip);
      return z === null ? [null] : [normZip(z), usZipBase(z, str(a.countryCode))];
    }),
    address: ofAddresses(billing, shipping, (a) => [lineOf(a)]),
    total: num(o.total),
    quantity: num(o.quantity),
    sku: texts(o.skus),
    discountCode: texts(o.discountCodes),
    gateway: texts(o.gateways),
    firstOrder: bool(o.firstOrder),
    billingDiffersFromShipping: billing && shipping ? !sameAddress(billing, shipping) : null,
    billingCountryDiffersFromShipping: partDiffers(billing, shipping, (a) =>
      country(a.countryCode),
    ),
    billingCityDiffersFromShipping: partDiffers(billing, shipping, cityOf),
    billingZipDiffersFromShipping: partDiffers(billing, shipping, zipOf),
    ipCountryDiffersFromShipping:
      ipCountry === null || shipCountry === null ? null : ipCountry !== shipCountry,
    ipNetwork: network,
    orderTags: texts(o.tags),
  };
}
