import { describe, expect, it } from 'vitest';
import { isValidWebhookHmac, webhookHmac } from './webhook-hmac.js';

const body = '{"id":820982911946154508,"email":"jon@example.com"}';

describe('webhook HMAC', () => {
  it('matches the reference vector', () => {
    expect(webhookHmac(body, 'hush')).toBe('D0UMXmhjwBRi4y66TmhJrDlhQABD7zI2fm3p6/QLMo8=');
  });

  it('accepts the right signature and refuses a changed body or secret', () => {
    const raw = Buffer.from(body);
    expect(isValidWebhookHmac(raw, 'D0UMXmhjwBRi4y66TmhJrDlhQABD7zI2fm3p6/QLMo8=', 'hush')).toBe(
      true,
    );
    expect(
      isValidWebhookHmac(
        Buffer.from(`${body} `),
        'D0UMXmhjwBRi4y66TmhJrDlhQABD7zI2fm3p6/QLMo8=',
        'hush',
      ),
    ).toBe(false);
    expect(isValidWebhookHmac(raw, webhookHmac(body, 'other'), 'hush')).toBe(false);
    expect(isValidWebhookHmac(raw, 'short', 'hush')).toBe(false);
  });
});
