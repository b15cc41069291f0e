// Argument parsing of the support CLI, kept apart so it can be tested without a server.
import { normalizeShopDomain } from '@gatehouse/contracts';

export class UsageError extends Error {
  override name = 'UsageError';
}

/** `demo`, `demo.myshopify.com` or a shop URL → `demo.myshopify.com`. */
export function parseShop(input: string): string {
  const domain = normalizeShopDomain(input);
  if (!domain) throw new UsageError(`"${input}" is not a shop handle or domain.`);
  return domain;
}

/** `key=value` pairs → an object; the server validates keys and values. */
export function parseAssignments(pairs: string[]): Record<string, string> {
  if (pairs.length === 0) throw new UsageError('Give at least one key=value to set.');
  const values: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`"${pair}" is not key=value.`);
    values[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return values;
}
