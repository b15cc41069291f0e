// Admin Access mode: the storefront address opened and the toasts of a change.
import { describe, expect, it } from 'vitest';
import { adminAccessStatusText, adminAccessToast, adminAccessUrl } from './admin-access.js';

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

describe('where Admin Access stands', () => {
  const on = { isAdminAccessMode: false, enabled: true, markedDevices: 0, thisDevice: false };

  it('says whether this device is marked and how many are', () => {
    expect(adminAccessStatusText(on)).toBe('No device is marked yet.');
    expect(adminAccessStatusText({ ...on, markedDevices: 1 })).toBe(
      '1 device is marked, but not this one.',
    );
    expect(adminAccessStatusText({ ...on, markedDevices: 3 })).toBe(
      '3 devices are marked, but not this one.',
    );
    const mine = { ...on, isAdminAccessMode: true, thisDevice: true };
    expect(adminAccessStatusText({ ...mine, markedDevices: 1 })).toBe(
      'This device is marked: its visits bypass every filter.',
    );
    expect(adminAccessStatusText({ ...mine, markedDevices: 2 })).toBe(
      'This device is marked: its visits bypass every filter. 1 other device is marked too.',
    );
    expect(adminAccessStatusText({ ...mine, markedDevices: 4 })).toBe(
      'This device is marked: its visits bypass every filter. 3 other devices are marked too.',
    );
  });

  it('says when the setting is off that no marked device gets through', () => {
    const off = { ...on, enabled: false };
    expect(adminAccessStatusText(off)).toBe(
      'Admin Access is off for this store, and no device is marked.',
    );
    expect(adminAccessStatusText({ ...off, markedDevices: 2, thisDevice: true })).toBe(
      'Admin Access is off for this store: 2 devices are marked (this one among them), and none of them bypasses the filters until it is on again.',
    );
  });

  it('does not claim to know this device when the browser cannot keep its key', () => {
    expect(adminAccessStatusText({ ...on, markedDevices: 2 }, false)).toBe(
      '2 devices are marked. This browser cannot keep data for this site, so it cannot tell whether it is one of them.',
    );
  });
});
