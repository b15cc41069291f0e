// A GraphQL call whose token passes through the shops' token keeper first (renewed when about
// to expire), and which is tried once more with the token the keeper renews when the platform
// answers 401.
import { HttpResponseError } from '@shopify/shopify-api';
import type { GraphqlDocument } from './gql.js';
import { PlatformError } from './platform-error.js';

/** Keeps the shops' stored offline tokens usable (tokens/offline-token-keeper.ts). */
export interface TokenKeeper {
  /** The token to send: the one given, or a renewed one when it is about to expire. */
  beforeCall(shop: string, token: string): Promise<string>;
  /** After a 401 answered to `token`: the token to try once more with, or null for none. */
  afterUnauthorized(shop: string, token: string): Promise<string | null>;
}

export type GraphqlCall<O> = <T>(
  shop: string,
  token: string,
  query: GraphqlDocument,
  variables?: object,
  options?: O,
) => Promise<T>;

/** The platform answered 401: the token was not accepted. */
function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof PlatformError &&
    error.cause instanceof HttpResponseError &&
    error.cause.response.code === 401
  );
}

export function keptGraphql<O>(
  send: GraphqlCall<O>,
  keeper: () => TokenKeeper | null,
): GraphqlCall<O> {
  return async <T>(
    shop: string,
    token: string,
    query: GraphqlDocument,
    variables?: object,
    options?: O,
  ) => {
    const tokens = keeper();
    if (!tokens) return send<T>(shop, token, query, variables, options);
    const sent = await tokens.beforeCall(shop, token);
    try {
      return await send<T>(shop, sent, query, variables, options);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      const renewed = await tokens.afterUnauthorized(shop, sent);
      if (renewed === null || renewed === sent) throw error;
      return send<T>(shop, renewed, query, variables, options);
    }
  };
}
