// What a store without the app embed gets, in plain words, from whether the app's script tag is
// on the store: protection that starts only once each page has loaded, or none at all.
import { PRODUCT_NAME, type StorefrontFallback } from '@gatehouse/contracts';

export function withoutEmbedText(fallback: StorefrontFallback | undefined): string {
  if (!fallback) {
    return `Without the app embed, ${PRODUCT_NAME} can check a visitor only after your page has fully loaded, if at all.`;
  }
  if (fallback.scriptTag) {
    return `Without the app embed, your store is protected only after each page has fully loaded: a blocked visitor sees your store, and can click, until then.`;
  }
  return `Without the app embed, your store has no protection at all: no visitor is checked.`;
}

/** What the merchant can do so that, at least, pages are checked after they load. */
export function fallbackHint(fallback: StorefrontFallback | undefined): string | null {
  if (!fallback || fallback.scriptTag) return null;
  return fallback.allowed
    ? `${PRODUCT_NAME} is adding its script to your store; check again in a minute.`
    : `Sign in to ${PRODUCT_NAME} again and approve the "script tags" permission so that pages are at least checked once they load.`;
}
