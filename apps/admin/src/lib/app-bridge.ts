// The admin inside the Shopify admin: the one module that talks to App Bridge, which the server
// loads first in an embedded page's head (Shopify's script, or the emulator's stand-in in
// development). Embedded means App Bridge is there; everything else in the admin asks this
// module and never touches `window.shopify` itself, so a move to another App Bridge API stays
// here.

interface AppBridge {
  idToken(): Promise<string>;
  toast: { show(message: string, options?: { isError?: boolean; duration?: number }): unknown };
}

declare global {
  interface Window {
    shopify?: AppBridge;
  }
}

function appBridge(): AppBridge | null {
  const bridge = typeof window === 'undefined' ? undefined : window.shopify;
  return bridge && typeof bridge.idToken === 'function' ? bridge : null;
}

/** Whether the admin runs inside the Shopify admin's frame. */
export function isEmbedded(): boolean {
  return appBridge() !== null;
}

/** A fresh session token for the next call; null outside the admin or when App Bridge fails. */
export async function sessionTokenFromAppBridge(): Promise<string | null> {
  const bridge = appBridge();
  if (!bridge) return null;
  try {
    return await bridge.idToken();
  } catch {
    return null;
  }
}

/** Shows a toast in the Shopify admin's own chrome; false outside it. */
export function showAdminToast(message: string, isError: boolean, duration: number): boolean {
  const bridge = appBridge();
  if (!bridge) return false;
  bridge.toast.show(message, { isError, duration });
  return true;
}

/**
 * Goes to a page that must not open inside a frame (the billing confirmation, the platform's
 * sign-in): the whole window leaves the Shopify admin when embedded, as Shopify requires.
 */
export function openTopLevel(url: string): void {
  if (isEmbedded()) window.open(url, '_top');
  else window.location.assign(url);
}
