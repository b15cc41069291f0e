// Admin Access mode: the storefront address opened and the toasts of a change.
import { describe, expect, it } from 'vitest';
import { adminAccessToast, adminAccessUrl } from './admin-access.js';

describe('admin access', () => {
  it('opens the storefront with shopId and the desired state', () => {
    expect(adminAccessUrl('https://demo.myshopify.com/', '42', true)).toBe(
      'https://demo.myshopify.com/?shopId=42&idya=true',
    );
    expect(adminAccessUrl('http://localhost:4000/shops/demo.myshopify.com/', '42', false)).toBe(
      'http://localhost:4000/shops/demo.myshopify.com/?shopId=42&idya=false',
    );
  });
  it('toasts the new mode', () => {
    expect(adminAccessToast(true)).toBe('Admin access mode enabled');
    expect(adminAccessToast(false)).toBe('Admin access mode disabled');
  });
});
