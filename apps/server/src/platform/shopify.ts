// Builds the @shopify/shopify-api instance (OAuth HMAC checks, the Admin GraphQL client). In
// emulator mode the library's abstract fetch is replaced by one that sends shop URLs to the
// emulator; the library itself still believes it talks to https://{shop}.
import '@shopify/shopify-api/adapters/node';
import { LogSeverity, shopifyApi, type ApiVersion, type Shopify } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../env.js';
import { rewriteShopUrl, type PlatformUrl } from './platform-url.js';

const nativeFetch = globalThis.fetch;

export function createShopify(
  config: AppConfig,
  platformUrl: PlatformUrl,
  log: FastifyBaseLogger,
): Shopify {
  const appUrl = new URL(config.appUrl);
  // The runtime fetch is process-wide; the last app built decides where shop URLs go.
  setAbstractFetchFunc(
    config.platformUrl
      ? (input, init) => {
          const url =
            typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          return nativeFetch(rewriteShopUrl(url, platformUrl), init);
        }
      : nativeFetch,
  );
  return shopifyApi({
    apiKey: config.shopify.apiKey,
    apiSecretKey: config.shopify.apiSecret,
    scopes: config.shopify.scopes,
    hostName: appUrl.host,
    hostScheme: appUrl.protocol === 'http:' ? 'http' : 'https',
    apiVersion: config.shopify.apiVersion as ApiVersion,
    isEmbeddedApp: false,
    logger: {
      level: LogSeverity.Warning,
      httpRequests: false,
      timestamps: false,
      log: async (severity, message) => {
        if (severity <= LogSeverity.Error) log.error({ shopify: true }, message);
        else log.warn({ shopify: true }, message);
      },
    },
  });
}
