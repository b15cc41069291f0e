// `currentAppInstallation`: the calling app's installation on the shop and its scopes.
// Billing extends AppInstallation (activeSubscriptions, allSubscriptions, oneTimePurchases),
// metafields adds its app-data metafields (metafield, metafields).
import { APP_ID } from '../metafields/app-metafields.js';
import { describeScope } from '../oauth/scopes.js';
import { installationBillingFields } from './billing.graphql.js';
import { gid, type GraphqlDomain } from './domain.js';
import { installationMetafieldFields } from './metafields.graphql.js';

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
    currentAppInstallation: (_args: never, context) => {
      const { installation, emulator, shop } = context;
      return {
        id: gid('AppInstallation', installation.id),
        accessScopes: installation.scopes.map((handle) => ({
          handle,
          description: describeScope(handle),
        })),
        app: {
          id: gid('App', APP_ID),
          title: emulator.app.name,
          handle: emulator.app.handle,
          apiKey: emulator.app.clientId,
        },
        launchUrl: `${emulator.app.applicationUrl}?shop=${shop.domain}`,
        ...installationBillingFields(context),
        ...installationMetafieldFields(emulator, installation),
      };
    },
  },
};
