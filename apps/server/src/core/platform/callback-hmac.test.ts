import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../env.js';
import { createPlatformClient } from './platform-client.js';

// Shopify's own published example of a signed OAuth callback query: secret `hush`.
const vector = {
  code: '0907a61c0c8d55e99db179b68161bc00',
  shop: 'some-shop.myshopify.com',
  state: '0.6784241404160823',
  timestamp: '1337178173',
  hmac: '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
};

const client = createPlatformClient(
  loadConfig({
    SHOPIFY_API_SECRET: 'hush',
    PGLITE_DIR: 'memory://',
    APP_SECRET: 'callback-test-app-secret',
  }),
  pino({ level: 'silent' }),
);

describe('OAuth callback HMAC', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts the reference vector at its own time', async () => {
    vi.useFakeTimers({ now: 1337178173 * 1000 + 30_000, toFake: ['Date'] });
    expect(await client.isSignedQuery(vector)).toBe(true);
  });

  it('refuses a changed parameter or signature', async () => {
    vi.useFakeTimers({ now: 1337178173 * 1000, toFake: ['Date'] });
    expect(await client.isSignedQuery({ ...vector, shop: 'other.myshopify.com' })).toBe(false);
    expect(await client.isSignedQuery({ ...vector, hmac: '0'.repeat(64) })).toBe(false);
    const { hmac: _hmac, ...unsigned } = vector;
    expect(await client.isSignedQuery(unsigned)).toBe(false);
  });

  it('refuses a timestamp more than 90 seconds away', async () => {
    vi.useFakeTimers({ now: 1337178173 * 1000 + 91_000, toFake: ['Date'] });
    expect(await client.isSignedQuery(vector)).toBe(false);
  });
});
