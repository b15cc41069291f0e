// Web Storage that never throws: storage can be disabled, full, or denied to the page (private
// modes, blocked third-party data, sandboxed frames). Without it the script still works, only
// every page view waits for its decision and the admin-access mark is not remembered.

export const SESSION_TOKEN_KEY = 'gatehouse:t';
export const DEVICE_TOKEN_KEY = 'gatehouse:d';
/** Set once this browser session has had its geolocation redirect (or its prompt). */
export const REDIRECTED_KEY = 'gatehouse:g';

type Area = 'sessionStorage' | 'localStorage';

function area(name: Area): Storage | null {
  try {
    return window[name];
  } catch {
    return null;
  }
}

export function readItem(name: Area, key: string): string | undefined {
  try {
    return area(name)?.getItem(key) || undefined;
  } catch {
    return undefined;
  }
}

/** Stores `value`, or removes the key when there is none. */
export function writeItem(name: Area, key: string, value: string | null | undefined): void {
  try {
    const storage = area(name);
    if (value) storage?.setItem(key, value);
    else storage?.removeItem(key);
  } catch {
    // Full or denied: the value simply is not remembered.
  }
}
