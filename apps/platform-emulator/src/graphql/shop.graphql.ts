// `shop`: the shop the access token belongs to.
import { shopUrl } from '../context.js';
import { gid, type GraphqlDomain } from './domain.js';

const typeDefs = /* GraphQL */ `
  enum CurrencyCode {
    USD
    CAD
    EUR
    GBP
    AUD
  }

  type Domain {
    id: ID!
    host: String!
    url: URL!
    sslEnabled: Boolean!
  }

  type ShopPlan {
    publicDisplayName: String!
    partnerDevelopment: Boolean!
    shopifyPlus: Boolean!
  }

  type Shop {
    id: ID!
    name: String!
    email: String!
    contactEmail: String!
    shopOwnerName: String!
    myshopifyDomain: String!
    url: URL!
    currencyCode: CurrencyCode!
    ianaTimezone: String!
    timezoneAbbreviation: String!
    primaryDomain: Domain!
    plan: ShopPlan!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  extend type QueryRoot {
    shop: Shop!
  }
`;

export const shopDomain: GraphqlDomain = {
  typeDefs,
  query: {
    shop: (_args: never, { shop, emulator }) => {
      const storefront = shopUrl(emulator, shop.domain);
      return {
        id: gid('Shop', shop.id),
        name: shop.name,
        email: shop.email,
        contactEmail: shop.contactEmail ?? shop.email,
        shopOwnerName: shop.shopOwner,
        myshopifyDomain: shop.domain,
        url: storefront,
        currencyCode: shop.currency,
        ianaTimezone: shop.timezone,
        timezoneAbbreviation: 'EST',
        // On the platform this is https://{shop}; here the storefront lives under the
        // emulator's origin, while host keeps the shop's own domain.
        primaryDomain: {
          id: gid('Domain', shop.id),
          host: shop.domain,
          url: storefront,
          sslEnabled: true,
        },
        plan: {
          publicDisplayName: shop.planDisplayName,
          partnerDevelopment: shop.partnerDevelopment ?? false,
          shopifyPlus: false,
        },
        createdAt: shop.createdAt,
        updatedAt: shop.updatedAt,
      };
    },
  },
};
