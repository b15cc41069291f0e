// The login form's domain rules with the texts from the contracts.
import { describe, expect, it } from 'vitest';
import { loginSchema } from './login-schema.js';

function errorFor(domain: string): string | null {
  const parsed = loginSchema.safeParse({ domain });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'unknown');
}

describe('login form validation', () => {
  it.each([
    ['', 'Please enter domain name to login'],
    ['   ', 'Please enter domain name to login'],
    ['abc 123', 'Domain name is not valid'],
    [' abc123', 'Domain name is not valid'],
    ['abc_123', 'Domain name is not valid'],
    ['-abc', 'Domain name is not valid'],
  ])('rejects %j with %j', (domain, message) => {
    expect(errorFor(domain)).toBe(message);
  });

  it.each(['abc123', 'demo', 'my-shop.myshopify.com', 'https://my-shop.myshopify.com/'])(
    'accepts %j',
    (domain) => {
      expect(errorFor(domain)).toBeNull();
    },
  );
});
