// The one place that knows where a shop lives on the platform. Real Shopify serves each shop
// at https://{shop}; the emulator serves the same paths under ${PLATFORM_URL}/shops/{shop}.
export type PlatformUrl = (shop: string, pathAndQuery: string) => string;

export function createPlatformUrl(platformOrigin: string | null): PlatformUrl {
  return (shop, pathAndQuery) => {
    const path = pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`;
    return platformOrigin ? `${platformOrigin}/shops/${shop}${path}` : `https://${shop}${path}`;
  };
}

/**
 * Maps a URL the Shopify library built (`https://{shop}/…`) onto the emulator; anything that
 * is not a shop URL is left alone.
 */
export function rewriteShopUrl(url: string, platformUrl: PlatformUrl): string {
  const match = /^https:\/\/([a-z0-9][a-z0-9-]*\.myshopify\.com)(\/.*)?$/i.exec(url);
  if (!match?.[1]) return url;
  return platformUrl(match[1].toLowerCase(), match[2] ?? '/');
}
