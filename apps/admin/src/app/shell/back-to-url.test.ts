// "Back to": the platform admin of the store, underscores become hyphens.
import { describe, expect, it } from 'vitest';
import { backToUrl, storeAdminName } from './back-to-url.js';

describe('back-to link', () => {
  it('replaces every underscore of the store name with a hyphen', () => {
    expect(storeAdminName('my_big_store')).toBe('my-big-store');
  });
  it('builds the platform admin of a real store', () => {
    expect(backToUrl('https://demo.myshopify.com/admin')).toBe(
      'https://admin.shopify.com/store/demo',
    );
  });
  it('applies the hyphen rule to the store name of a real store', () => {
    expect(backToUrl('https://old_store.myshopify.com/admin')).toBe(
      'https://admin.shopify.com/store/old-store',
    );
  });
  it('keeps the emulated platform admin as the server gave it', () => {
    expect(backToUrl('http://localhost:4000/shops/demo.myshopify.com/admin')).toBe(
      'http://localhost:4000/shops/demo.myshopify.com/admin',
    );
  });
});
