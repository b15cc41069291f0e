// Turns what one attempt at a platform request threw into an AttemptFailure: timed out,
// unreachable, rate limited (with Retry-After), THROTTLED (with the restore-rate wait), a
// 5xx, or refused. One classifier for requests made with fetch, one for the Shopify library.
import {
  GraphqlQueryError,
  HttpInternalError,
  HttpRequestError,
  HttpResponseError,
  HttpThrottlingError,
} from '@shopify/shopify-api';
import { retryAfterMs, type AttemptFailure } from './platform-call.js';
import { throttleWaitMs } from './throttle.js';

/** An HTTP answer that may be worth repeating (429 or 5xx) from a request made with fetch. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter: string | null,
  ) {
    super(`The platform answered ${status}`);
  }
}

export function classifyFetchError(
  error: unknown,
  timedOut: boolean,
  what: string,
): AttemptFailure {
  if (timedOut) return { kind: 'timeout', message: `${what} timed out`, cause: error };
  if (error instanceof HttpStatusError) {
    if (error.status === 429) {
      const waitMs = retryAfterMs(error.retryAfter);
      return {
        kind: 'rate-limited',
        message: `${what} was rate limited`,
        ...(waitMs === undefined ? {} : { waitMs }),
      };
    }
    return { kind: 'server-error', message: `${what}: ${error.message}` };
  }
  return { kind: 'unreachable', message: `${what} failed: ${String(error)}`, cause: error };
}

/** What an attempt through the Shopify library's GraphQL client failed with. */
export function classifyLibraryError(
  error: unknown,
  timedOut: boolean,
  shop: string,
): AttemptFailure {
  const what = `GraphQL request to ${shop}`;
  if (timedOut) return { kind: 'timeout', message: `${what} timed out`, cause: error };
  if (error instanceof HttpThrottlingError) {
    const seconds = error.response.retryAfter;
    return {
      kind: 'rate-limited',
      message: `${what} was rate limited`,
      ...(seconds !== undefined && Number.isFinite(seconds) ? { waitMs: seconds * 1000 } : {}),
      cause: error,
    };
  }
  if (error instanceof HttpInternalError) {
    return { kind: 'server-error', message: `${what}: ${error.message}`, cause: error };
  }
  if (error instanceof GraphqlQueryError) {
    const waitMs = throttleWaitMs(error.body);
    if (waitMs !== null) {
      return { kind: 'throttled', message: `${what} was throttled`, waitMs, cause: error };
    }
    return { kind: 'refused', message: `${what}: ${error.message}`, cause: error };
  }
  if (error instanceof HttpResponseError) {
    return { kind: 'refused', message: `${what}: ${error.message}`, cause: error };
  }
  if (error instanceof HttpRequestError) {
    return { kind: 'unreachable', message: `${what} failed: ${error.message}`, cause: error };
  }
  return { kind: 'refused', message: `${what} failed: ${String(error)}`, cause: error };
}
