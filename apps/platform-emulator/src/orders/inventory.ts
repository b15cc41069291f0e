// Stock per SKU and shop. The demo shop sells on when a SKU runs out (the platform's
// "Continue selling when out of stock"), so stock can go below zero; restocking a cancelled
// order puts its quantities back.
import type { EmulatorContext } from '../context.js';

/** Units of each SKU a shop starts with. */
export const INITIAL_STOCK = 100;

export function stockOf(context: EmulatorContext, shop: string, sku: string): number {
  return context.store.state.inventory[shop]?.[sku] ?? INITIAL_STOCK;
}

function adjust(context: EmulatorContext, shop: string, sku: string, delta: number): void {
  const levels = (context.store.state.inventory[shop] ??= {});
  levels[sku] = (levels[sku] ?? INITIAL_STOCK) + delta;
}

export function takeStock(
  context: EmulatorContext,
  shop: string,
  lines: { sku: string; quantity: number }[],
): void {
  for (const line of lines) adjust(context, shop, line.sku, -line.quantity);
}

export function restock(
  context: EmulatorContext,
  shop: string,
  lines: { sku: string; quantity: number }[],
): void {
  for (const line of lines) adjust(context, shop, line.sku, line.quantity);
}
