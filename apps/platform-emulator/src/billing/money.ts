// Money for billing: amounts arrive as a GraphQL Decimal (a number or a string), are kept in
// cents so balances add up exactly, and go back out as decimal strings ("14.99"), the way
// the Admin API serializes MoneyV2.amount.
import type { AppPricingInterval } from '../state/types.js';

/** Cents for a Decimal input, or null when it is not a finite number. Rounds to the cent. */
export function toCents(amount: unknown): number | null {
  const value =
    typeof amount === 'number' ? amount : typeof amount === 'string' ? Number(amount) : NaN;
  if (typeof amount === 'string' && amount.trim() === '') return null;
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

export function decimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function moneyV2(cents: number, currencyCode: string) {
  return { amount: decimal(cents), currencyCode };
}

/** "$14.99 USD" as the confirmation page shows it. */
export function displayMoney(cents: number, currencyCode: string): string {
  const symbol = currencyCode === 'EUR' ? '€' : currencyCode === 'GBP' ? '£' : '$';
  const amount = (cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${symbol}${amount} ${currencyCode}`;
}

export function intervalDays(interval: AppPricingInterval): number {
  return interval === 'ANNUAL' ? 365 : 30;
}

export function displayInterval(interval: AppPricingInterval): string {
  return interval === 'ANNUAL' ? 'every year' : 'every 30 days';
}
