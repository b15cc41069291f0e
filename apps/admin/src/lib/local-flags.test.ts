// Local storage: the rating snooze time, the China reminder flag (value 1), this browser's
// Admin Access key, the account's last known plan and each store's last read app embed state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminDeviceKey as adminDeviceKeySchema } from '@gatehouse/contracts';
import {
  ADMIN_DEVICE_KEY,
  adminDeviceKey,
  CHINA_REMINDER_KEY,
  dismissChinaReminder,
  LAST_EMBED_STATE_KEY,
  LAST_PLAN_KEY,
  readLastEmbedState,
  readLastPlan,
  readRatingSnoozeUntil,
  shouldShowChinaReminder,
  writeLastEmbedState,
  writeLastPlan,
  writeRatingSnoozeUntil,
} from './local-flags.js';

let store: Map<string, string>;

beforeEach(() => {
  store = new Map();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('rating snooze storage', () => {
  it('has no snooze until one was written', () => {
    expect(readRatingSnoozeUntil()).toBeNull();
  });
  it('reads back the written time', () => {
    writeRatingSnoozeUntil(1_700_000_000_000);
    expect(readRatingSnoozeUntil()).toBe(1_700_000_000_000);
  });
  it('ignores an unreadable value', () => {
    store.set('gatehouse.ratingSnoozeUntil', 'soon');
    expect(readRatingSnoozeUntil()).toBeNull();
  });
});

describe('China reminder', () => {
  it('shows when China is blocked and the extension is off', () => {
    expect(shouldShowChinaReminder(true, false)).toBe(true);
  });
  it('does not show with the extension on or China not blocked', () => {
    expect(shouldShowChinaReminder(true, true)).toBe(false);
    expect(shouldShowChinaReminder(false, false)).toBe(false);
  });
  it('"don\'t remind again" stores the flag with value 1 and silences it', () => {
    dismissChinaReminder();
    expect(store.get(CHINA_REMINDER_KEY)).toBe('1');
    expect(shouldShowChinaReminder(true, false)).toBe(false);
  });
  it('works without storage (nothing remembered, nothing thrown)', () => {
    vi.stubGlobal('window', {});
    expect(() => dismissChinaReminder()).not.toThrow();
    expect(shouldShowChinaReminder(true, false)).toBe(true);
  });
});

describe("this browser's Admin Access key", () => {
  it('is made once, kept, and is what the server accepts', () => {
    const key = adminDeviceKey();
    expect(key).toBeDefined();
    expect(adminDeviceKeySchema.safeParse(key).success).toBe(true);
    expect(store.get(ADMIN_DEVICE_KEY)).toBe(key);
    expect(adminDeviceKey()).toBe(key);
  });

  it('differs from browser to browser', () => {
    const first = adminDeviceKey();
    store.clear();
    expect(adminDeviceKey()).not.toBe(first);
  });

  it('replaces a damaged stored key', () => {
    store.set(ADMIN_DEVICE_KEY, 'bad key');
    const key = adminDeviceKey();
    expect(key).not.toBe('bad key');
    expect(adminDeviceKeySchema.safeParse(key).success).toBe(true);
  });

  it('is undefined when storage cannot keep it', () => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => null,
        setItem: () => {
          throw new Error('blocked');
        },
      },
    });
    expect(adminDeviceKey()).toBeUndefined();
  });
});

describe("the account's last known plan", () => {
  it('reads back a plan, and nothing for none or an unknown value', () => {
    expect(readLastPlan()).toBeNull();
    writeLastPlan('payg');
    expect(readLastPlan()).toBe('payg');
    store.set(LAST_PLAN_KEY, 'enterprise');
    expect(readLastPlan()).toBeNull();
  });
});

describe("each store's app embed as last read", () => {
  it('reads back on and off per store, and nothing for a store never read', () => {
    expect(readLastEmbedState('a.myshopify.com')).toBeNull();
    writeLastEmbedState('a.myshopify.com', false);
    writeLastEmbedState('b.myshopify.com', true);
    expect(readLastEmbedState('a.myshopify.com')).toBe(false);
    expect(readLastEmbedState('b.myshopify.com')).toBe(true);
    store.set(`${LAST_EMBED_STATE_KEY}a.myshopify.com`, 'maybe');
    expect(readLastEmbedState('a.myshopify.com')).toBeNull();
  });
});
