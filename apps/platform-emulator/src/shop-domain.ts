// Shop domains as the platform issues them, and the names the emulator derives from them.

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** `<handle>.myshopify.com`, lower case, as Shopify itself requires (reference §1.6). */
export function isShopDomain(value: string): boolean {
  return value.length <= 255 && SHOP_DOMAIN.test(value);
}

export function shopHandle(domain: string): string {
  return domain.slice(0, domain.indexOf('.'));
}

/** "acme-outdoor.myshopify.com" → "Acme Outdoor". */
export function shopNameFromDomain(domain: string): string {
  return shopHandle(domain)
    .split('-')
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}
