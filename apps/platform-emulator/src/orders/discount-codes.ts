// The demo shop's discount codes, as a merchant would have set them up in the admin: one
// percentage, one fixed amount and one free-shipping code. Codes match case-insensitively.
import type { DiscountType } from '../state/order-types.js';

export interface DiscountCode {
  code: string;
  type: DiscountType;
  /** Percent off for `percentage`, cents off for `fixed_amount`; unused for `shipping`. */
  value: number;
  title: string;
}

export const DISCOUNT_CODES: DiscountCode[] = [
  { code: 'WELCOME10', type: 'percentage', value: 10, title: '10% off your first order' },
  { code: 'SAVE20', type: 'fixed_amount', value: 2000, title: '$20 off' },
  { code: 'FREESHIP', type: 'shipping', value: 0, title: 'Free shipping' },
];

export function findDiscountCode(code: string): DiscountCode | undefined {
  const wanted = code.trim().toUpperCase();
  return DISCOUNT_CODES.find((candidate) => candidate.code === wanted);
}

/** Orders at or above this subtotal ship free; below it shipping is a flat rate. */
export const FREE_SHIPPING_FROM_CENTS = 7500;
export const FLAT_SHIPPING_CENTS = 800;

/** What a code takes off a subtotal and its shipping (never more than either). */
export function discountAmount(
  discount: DiscountCode,
  subtotalCents: number,
  shippingCents: number,
): number {
  if (discount.type === 'percentage') return Math.round((subtotalCents * discount.value) / 100);
  if (discount.type === 'fixed_amount') return Math.min(discount.value, subtotalCents);
  return shippingCents;
}
