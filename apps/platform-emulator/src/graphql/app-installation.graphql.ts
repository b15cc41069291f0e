// `currentAppInstallation`: the calling app's installation on the shop and its scopes.
// Billing later extends AppInstallation (activeSubscriptions, oneTimePurchases).
import { describeScope } from '../oauth/scopes.js';
import { gid, type GraphqlDomain } from './domain.js';

const typeDefs = /* GraphQL */ `
  type AccessScope {
    handle: String!
    description: String!
  }

  type App {
    id: ID!
    title: String!
    handle: String
    apiKey: String!
  }

  type AppInstallation {
    id: ID!
    accessScopes: [AccessScope!]!
    app: App!
    launchUrl: URL!
  }

  extend type QueryRoot {
    currentAppInstallation: AppInstallation!
  }
`;

export const appInstallationDomain: GraphqlDomain = {
  typeDefs,
  query: {
    currentAppInstallation: (_args: never, { installation, emulator, shop }) => ({
      id: gid('AppInstallation', installation.id),
      accessScopes: installation.scopes.map((handle) => ({
        handle,
        description: describeScope(handle),
      })),
      app: {
        id: gid('App', 1),
        title: emulator.app.name,
        handle: emulator.app.handle,
        apiKey: emulator.app.clientId,
      },
      launchUrl: `${emulator.app.applicationUrl}?shop=${shop.domain}`,
    }),
  },
};
