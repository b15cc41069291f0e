// Builds the @shopify/shopify-api instance (OAuth HMAC checks, the Admin GraphQL client). In
// emulator mode the library's abstract fetch is replaced by one that sends shop URLs to the
// emulator; the library itself still believes it talks to https://{shop}. Either way no request
// the library makes outlives a call's deadline, whoever made it, but a write kept open for its
// late answer (platform-client.ts), which is bounded by that wait.
import '@shopify/shopify-api/adapters/node';
import { LogSeverity, shopifyApi, type ApiVersion, type Shopify } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../env.js';
import { LATE_ANSWER_MS } from './platform-call.js';
import { rewriteShopUrl, type PlatformUrl } from './platform-url.js';

const nativeFetch = globalThis.fetch;

export function createShopify(
  config: AppConfig,
  platformUrl: PlatformUrl,
  log: FastifyBaseLogger,
): Shopify {
  const appUrl = new URL(config.appUrl);
  const { deadlineMs } = config.platformCalls;
  // The runtime fetch is process-wide; the last app built decides where shop URLs go.
  setAbstractFetchFunc((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // A request that brings its own signal is bounded by it, within the time a write waits
    // for a late answer; one without is bounded by a call's deadline.
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(Math.max(deadlineMs, LATE_ANSWER_MS))])
      : AbortSignal.timeout(deadlineMs);
    const target = config.platformUrl ? rewriteShopUrl(url, platformUrl) : url;
    return nativeFetch(target, { ...init, signal });
  });
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
