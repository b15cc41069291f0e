// What one Admin GraphQL domain contributes: SDL (extending Query/Mutation) and the root
// resolvers for one request. A new domain (orders, billing…) is one more file of this shape.
import { GraphQLError } from 'graphql';
import type { EmulatorContext } from '../context.js';
import { hasScope } from '../installations.js';
import type { InstallationRecord, ShopRecord } from '../state/types.js';

export interface RequestContext {
  emulator: EmulatorContext;
  shop: ShopRecord;
  installation: InstallationRecord;
  apiVersion: string;
  /** The request's variables as sent, declared or not. */
  variables: Record<string, unknown>;
}

/** Root fields are functions `(args, context) => value`, graphql-js' rootValue convention. */
export type RootResolvers = Record<string, (args: never, context: RequestContext) => unknown>;

export interface GraphqlDomain {
  typeDefs: string;
  query?: RootResolvers;
  mutation?: RootResolvers;
}

/** Shopify's error for a field the token's scopes do not reach. */
export function requireScope(context: RequestContext, scope: string, field: string): void {
  if (hasScope(context.installation.scopes, scope)) return;
  throw new GraphQLError(
    `Access denied for ${field} field. Required access: \`${scope}\` access scope.`,
    {
      extensions: {
        code: 'ACCESS_DENIED',
        documentation: 'https://shopify.dev/api/usage/access-scopes',
        requiredAccess: `\`${scope}\` access scope.`,
      },
    },
  );
}

export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

/** The numeric id of `gid://shopify/<type>/<n>` (a `?…` suffix is allowed), else null. */
export function parseGid(type: string, value: string): number | null {
  const match = new RegExp(`^gid://shopify/${type}/(\\d+)(\\?.*)?$`).exec(value);
  return match?.[1] ? Number(match[1]) : null;
}
