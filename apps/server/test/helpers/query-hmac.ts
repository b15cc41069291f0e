// Signs a callback query the way the platform does (hex HMAC-SHA256 of the other parameters,
// sorted by name, joined as k=v&…), to forge test callbacks.
import { createHmac } from 'node:crypto';

export function queryHmac(secret: string, params: Record<string, string>): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort((a, b) => a.localeCompare(b))
    .map((k) => `${k}=${encodeURIComponent(params[k]!)}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}
