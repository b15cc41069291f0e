// The checkout form: contact, shipping address, billing address (or "same as shipping"),
// discount code and the test card. Checked field by field, with the platform's wording for
// the messages the buyer sees next to each field.
import { z } from 'zod';
import type { AddressRecord } from '../state/order-types.js';
import type { CardSignal } from '../orders/risk.js';

export const COUNTRIES: { code: string; name: string }[] = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'ES', name: 'Spain' },
  { code: 'AU', name: 'Australia' },
  { code: 'JP', name: 'Japan' },
  { code: 'BR', name: 'Brazil' },
  { code: 'IN', name: 'India' },
  { code: 'NG', name: 'Nigeria' },
];

/**
 * The test cards the emulator's payment gateway ("Bogus Gateway") accepts, and what its
 * processor says about each. Any other number is refused: real card numbers never belong here.
 */
export const TEST_CARDS: {
  number: string;
  outcome: 'approved' | 'declined';
  signal: CardSignal;
  label: string;
}[] = [
  { number: '4242424242424242', outcome: 'approved', signal: null, label: 'approved' },
  { number: '1', outcome: 'approved', signal: null, label: 'approved' },
  {
    number: '4000000000009235',
    outcome: 'approved',
    signal: 'elevated',
    label: 'approved, elevated risk',
  },
  {
    number: '4100000000000019',
    outcome: 'approved',
    signal: 'highest',
    label: 'approved, highest risk',
  },
  { number: '4000000000000002', outcome: 'declined', signal: null, label: 'declined' },
  { number: '2', outcome: 'declined', signal: null, label: 'declined' },
];

export type CheckoutFields = Record<string, string>;

export interface CheckoutOrder {
  email: string;
  phone: string | null;
  shipping: AddressRecord;
  billing: AddressRecord;
  discountCode: string | null;
  card: CardSignal;
}

export function fieldsOf(body: unknown): CheckoutFields {
  const fields: CheckoutFields = {};
  if (!body || typeof body !== 'object') return fields;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') fields[key] = value.trim().slice(0, 500);
  }
  return fields;
}

function address(
  fields: CheckoutFields,
  prefix: string,
  errors: Record<string, string>,
): AddressRecord {
  const get = (name: string) => fields[`${prefix}_${name}`] ?? '';
  const need = (name: string, message: string) => {
    if (!get(name)) errors[`${prefix}_${name}`] = message;
  };
  need('last_name', 'Enter a last name');
  need('address1', 'Enter an address');
  need('city', 'Enter a city');
  need('zip', 'Enter a ZIP / postal code');
  const country = COUNTRIES.find((c) => c.code === get('country'));
  if (!country) errors[`${prefix}_country`] = 'Select a country/region';
  return {
    firstName: get('first_name'),
    lastName: get('last_name'),
    company: null,
    address1: get('address1'),
    address2: get('address2') || null,
    city: get('city'),
    province: get('province') || null,
    provinceCode: null,
    country: country?.name ?? '',
    countryCode: country?.code ?? '',
    zip: get('zip'),
    phone: fields.phone || null,
  };
}

export function checkCheckout(
  fields: CheckoutFields,
): { ok: true; order: CheckoutOrder } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const email = fields.email ?? '';
  if (!z.email().safeParse(email).success) errors.email = 'Enter a valid email';
  const phone = (fields.phone ?? '').replace(/[\s().-]/g, '');
  if (phone && !/^\+[1-9]\d{6,14}$/.test(phone)) {
    errors.phone = 'Enter a valid phone number with its country code, such as +1 415 555 0123';
  }
  const shipping = address(fields, 'ship', errors);
  const billing = fields.billing_same === 'on' ? shipping : address(fields, 'bill', errors);
  const cardNumber = (fields.card_number ?? '').replace(/[\s-]/g, '');
  const card = TEST_CARDS.find((candidate) => candidate.number === cardNumber);
  if (!cardNumber) errors.card_number = 'Enter a card number';
  else if (!card) errors.card_number = 'Use one of the test cards listed below';
  else if (card.outcome === 'declined')
    errors.card_number = 'Your card was declined. Try another card.';
  if (!fields.card_name) errors.card_name = 'Enter your name exactly as it’s written on your card';
  if (Object.keys(errors).length > 0 || !card) return { ok: false, errors };
  return {
    ok: true,
    order: {
      email,
      phone: phone || null,
      shipping,
      billing,
      discountCode: fields.discount_code || null,
      card: card.signal,
    },
  };
}
