// Verifies a webhook delivery: the X-Shopify-Hmac-Sha256 header is the base64 HMAC-SHA256 of the
// exact raw body with the app secret, compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function webhookHmac(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function isValidWebhookHmac(rawBody: Buffer, header: string, secret: string): boolean {
  const expected = Buffer.from(webhookHmac(rawBody, secret), 'utf8');
  const given = Buffer.from(header.trim(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
