// The admin inside the Shopify admin: the one module that talks to App Bridge, which the server
// loads first in an embedded page's head (Shopify's script, or the emulator's stand-in in
// development). Embedded means App Bridge is there; everything else in the admin asks this
// module and never touches `window.shopify` itself, so a move to another App Bridge API stays
// here.
import { decodeJwt } from 'jose';

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

/** Seconds a token must still have to be sent: it may spend a few on its way to the server. */
const TOKEN_MARGIN_S = 10;

/**
 * The session token the admin put in the page's address (`id_token`), read once, as the app's
 * first calls are made, before any route changes the address; null once used up or refused.
 */
let addressToken: string | null | undefined;

function tokenOfAddress(): string | null {
  if (addressToken === undefined) {
    addressToken = new URLSearchParams(window.location.search).get('id_token');
  }
  if (addressToken === null) return null;
  try {
    // Only its time is read here; the server checks the signature and everything else.
    const { exp } = decodeJwt(addressToken);
    if (typeof exp === 'number' && exp - Date.now() / 1000 > TOKEN_MARGIN_S) return addressToken;
  } catch {
    // Not a token at all: the server would refuse it, App Bridge is asked instead.
  }
  addressToken = null;
  return null;
}

/**
 * A fresh session token for the next call; null outside the admin or when App Bridge fails.
 * The page's first calls use the token the admin put in its address while it has time left,
 * so they do not wait for App Bridge's round trip to the admin.
 */
export async function sessionTokenFromAppBridge(): Promise<string | null> {
  const bridge = appBridge();
  if (!bridge) return null;
  const early = tokenOfAddress();
  if (early) return early;
  try {
    return await bridge.idToken();
  } catch {
    return null;
  }
}

/** The server refused `token`: if it is the address's, it is not sent again. */
export function forgetSessionToken(token: string | null): void {
  if (token !== null && token === addressToken) addressToken = null;
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
