// Shared by the metafield tests: an installed emulator session and the two calls an app
// makes, metafieldsSet and a read of currentAppInstallation's metafields.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { graphql, install, startEmulator } from './helpers.js';

export const SHOP = 'demo.myshopify.com';

const SET = /* GraphQL */ `
  mutation Set($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        id
        namespace
        key
        type
        value
        jsonValue
        compareDigest
      }
      userErrors {
        field
        message
        code
        elementIndex
      }
    }
  }
`;

const READ = /* GraphQL */ `
  query Read($namespace: String, $key: String!) {
    currentAppInstallation {
      id
      metafields(first: 50) {
        nodes {
          namespace
          key
          type
          value
        }
      }
      metafield(namespace: $namespace, key: $key) {
        id
        value
        jsonValue
        ownerType
      }
    }
  }
`;

export interface Metafield {
  id: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
  jsonValue: unknown;
  compareDigest: string;
}
export interface SetResult {
  metafieldsSet: {
    metafields: Metafield[] | null;
    userErrors: { field: string[]; message: string; code: string; elementIndex: number | null }[];
  };
}
export interface ReadResult {
  currentAppInstallation: {
    id: string;
    metafields: { nodes: Pick<Metafield, 'namespace' | 'key' | 'type' | 'value'>[] };
    metafield: { id: string; value: string; jsonValue: unknown; ownerType: string } | null;
  };
}

export interface MetafieldSession {
  app: FastifyInstance;
  token: string;
  ownerId: string;
  set(metafields: Record<string, unknown>[]): Promise<SetResult['metafieldsSet']>;
  read(key?: string, namespace?: string | null): Promise<ReadResult['currentAppInstallation']>;
}

/** An emulator with the app installed on the demo shop; `ownerId` is the installation's GID. */
export async function metafieldSession(): Promise<MetafieldSession> {
  const session = {
    app: await startEmulator(),
    token: '',
    ownerId: '',
    async set(metafields: Record<string, unknown>[]) {
      const { body } = await graphql<SetResult>(session.app, SHOP, session.token, SET, {
        metafields,
      });
      expect(body.errors).toBeUndefined();
      return body.data!.metafieldsSet;
    },
    async read(key = 'api_origin', namespace: string | null = 'gatehouse') {
      const { body } = await graphql<ReadResult>(session.app, SHOP, session.token, READ, {
        namespace,
        key,
      });
      expect(body.errors).toBeUndefined();
      return body.data!.currentAppInstallation;
    },
  };
  session.token = await install(session.app, SHOP);
  session.ownerId = (await session.read()).id;
  return session;
}
