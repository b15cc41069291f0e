// The storefront's cart, kept in a cookie scoped to the shop's storefront path as
// `SKU*quantity|SKU*quantity`, so it survives reloads without any server state. Unknown SKUs
// and bad quantities are dropped when the cookie is read.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findVariantBySku, type CatalogVariant } from './catalog.js';

export const MAX_QUANTITY = 99;
const MAX_LINES = 20;

export interface CartLine extends CatalogVariant {
  quantity: number;
}

function cookieName(shop: string): string {
  return `cart_${shop.replace(/[^a-z0-9]/g, '_')}`;
}

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function readCart(request: FastifyRequest, shop: string): CartLine[] {
  const raw = readCookie(request, cookieName(shop)) ?? '';
  const lines: CartLine[] = [];
  for (const entry of raw.split('|').slice(0, MAX_LINES)) {
    const [sku, count] = entry.split('*');
    const variant = sku ? findVariantBySku(sku) : undefined;
    const quantity = Number(count);
    if (!variant || !Number.isInteger(quantity) || quantity < 1) continue;
    if (lines.some((line) => line.sku === variant.sku)) continue;
    lines.push({ ...variant, quantity: Math.min(quantity, MAX_QUANTITY) });
  }
  return lines;
}

export function writeCart(
  reply: FastifyReply,
  shop: string,
  path: string,
  lines: { sku: string; quantity: number }[],
): void {
  const value = lines
    .filter((line) => line.quantity > 0)
    .map((line) => `${line.sku}*${line.quantity}`)
    .join('|');
  const attributes = `Path=${path}; SameSite=Lax; HttpOnly`;
  reply.header(
    'Set-Cookie',
    value
      ? `${cookieName(shop)}=${encodeURIComponent(value)}; ${attributes}`
      : `${cookieName(shop)}=; ${attributes}; Max-Age=0`,
  );
}

/** The quantity a form field asked for, within 0…MAX_QUANTITY; null when it is not a number. */
export function formQuantity(value: unknown): number | null {
  const quantity = Number.parseInt(String(value ?? ''), 10);
  if (!Number.isInteger(quantity)) return null;
  return Math.max(0, Math.min(MAX_QUANTITY, quantity));
}

export function cartSubtotal(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
}
