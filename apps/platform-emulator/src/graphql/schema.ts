// The Admin GraphQL schema: every domain's SDL merged into one executable schema, and the
// root value (all domains' resolvers) for a request.
import { buildSchema, type GraphQLSchema } from 'graphql';
import { appInstallationDomain } from './app-installation.graphql.js';
import { baseTypeDefs } from './base.graphql.js';
import { billingDomain } from './billing.graphql.js';
import type { GraphqlDomain, RequestContext } from './domain.js';
import { metafieldsDomain } from './metafields.graphql.js';
import { ordersDomain } from './orders.graphql.js';
import { orderRiskDomain } from './order-risk.graphql.js';
import { scriptTagsDomain } from './script-tags.graphql.js';
import { shopDomain } from './shop.graphql.js';
import { themesDomain } from './themes.graphql.js';
import { validationsDomain } from './validations.graphql.js';
import { webhooksDomain } from './webhooks.graphql.js';

const domains: GraphqlDomain[] = [
  shopDomain,
  appInstallationDomain,
  themesDomain,
  webhooksDomain,
  billingDomain,
  metafieldsDomain,
  ordersDomain,
  orderRiskDomain,
  scriptTagsDomain,
  validationsDomain,
];

export const adminSchema: GraphQLSchema = buildSchema(
  [baseTypeDefs, ...domains.map((domain) => domain.typeDefs)].join('\n'),
);

type Resolver = (args: unknown, context: RequestContext) => unknown;

/** graphql-js calls a root-value function with (args, contextValue, info). */
export function rootValue(): Record<string, Resolver> {
  const root: Record<string, Resolver> = {};
  for (const domain of domains) {
    Object.assign(root, domain.query ?? {}, domain.mutation ?? {});
  }
  return root;
}
