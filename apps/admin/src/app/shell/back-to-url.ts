// "Back to Shopify" in the side navigation: the store's admin on the platform, with underscores in
// the store name replaced by hyphens.
//
// The server hands out `adminUrl`. On real Shopify that is `https://<name>.myshopify.com/admin`,
// which Shopify now serves as `https://admin.shopify.com/store/<name>`; that is the URL built
// here, with the hyphen rule applied to <name>. Any other form (the local platform emulator's
// `<origin>/shops/<shop>/admin`) is used as the server gave it: its path already names the shop
// the way that platform expects.
const REAL_ADMIN = /^https:\/\/([^./]+)\.myshopify\.com\/admin\/?$/i;

export const NEW_ADMIN_ORIGIN = 'https://admin.shopify.com';

export function storeAdminName(storeName: string): string {
  return storeName.replace(/_/g, '-');
}

export function backToUrl(adminUrl: string): string {
  const real = REAL_ADMIN.exec(adminUrl);
  if (real?.[1]) return `${NEW_ADMIN_ORIGIN}/store/${storeAdminName(real[1])}`;
  return adminUrl;
}
