// The `X-Shopify-Hmac-Sha256` header: base64 HMAC-SHA256 of the raw body with the app secret, as
// the platform signs every webhook delivery.
import { createHmac } from 'node:crypto';

export function webhookHmac(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}
