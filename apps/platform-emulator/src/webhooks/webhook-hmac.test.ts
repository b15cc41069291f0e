import { describe, expect, it } from 'vitest';
import { webhookHmac } from './webhook-hmac.js';

describe('webhookHmac', () => {
  it('matches the reference vector for a raw body', () => {
    const body = '{"id":820982911946154508,"email":"jon@example.com"}';
    expect(webhookHmac('hush', body)).toBe('D0UMXmhjwBRi4y66TmhJrDlhQABD7zI2fm3p6/QLMo8=');
  });
});
