// The query-string HMAC Shopify puts on OAuth callbacks: every parameter but `hmac` and
// `signature`, keys sorted, WHATWG URL encoding with `+` turned into `%20`, joined with `&`, signed
// with HMAC-SHA256 and the app secret, as lowercase hex.
import { createHmac } from 'node:crypto';

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'hmac' && key !== 'signature')
    .sort((a, b) => a.localeCompare(b))
    .map((key) => new URLSearchParams([[key, params[key] ?? '']]).toString().replace(/\+/g, '%20'))
    .join('&');
}

export function queryHmac(secret: string, params: Record<string, string>): string {
  return createHmac('sha256', secret).update(canonicalQuery(params)).digest('hex');
}
