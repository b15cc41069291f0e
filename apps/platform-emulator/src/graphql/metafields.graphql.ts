// App-data metafields over Admin GraphQL: `metafieldsSet`, `metafieldsDelete`, and
// `currentAppInstallation { metafield metafields }`. They need no access scope: an app may
// always keep data on its own installation.
import type { EmulatorContext } from '../context.js';
import {
  compareDigest,
  deleteMetafield,
  findMetafield,
  installationMetafields,
  resolveNamespace,
  setMetafields,
  type MetafieldsSetInput,
} from '../metafields/app-metafields.js';
import { typedValue } from '../metafields/metafield-types.js';
import type { AppMetafieldRecord, InstallationRecord } from '../state/types.js';
import { connection, type ConnectionArgs } from './connection.js';
import { gid, type GraphqlDomain, type RequestContext } from './domain.js';

const typeDefs = /* GraphQL */ `
  "A JSON value: object, array, string, number, boolean or null."
  scalar JSON

  enum MetafieldOwnerType {
    API_PERMISSION
    VALIDATION
  }

  enum MetafieldsSetUserErrorCode {
    APP_NOT_AUTHORIZED
    BLANK
    CAPABILITY_VIOLATION
    INCLUSION
    INTERNAL_ERROR
    INVALID
    INVALID_COMPARE_DIGEST
    INVALID_TYPE
    INVALID_VALUE
    LESS_THAN_OR_EQUAL_TO
    PRESENT
    STALE_OBJECT
    TAKEN
    TOO_LONG
    TOO_SHORT
  }

  type Metafield {
    id: ID!
    namespace: String!
    key: String!
    type: String!
    value: String!
    jsonValue: JSON!
    ownerType: MetafieldOwnerType!
    compareDigest: String!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type MetafieldEdge {
    cursor: String!
    node: Metafield!
  }

  type MetafieldConnection {
    nodes: [Metafield!]!
    edges: [MetafieldEdge!]!
    pageInfo: PageInfo!
  }

  input MetafieldsSetInput {
    ownerId: ID!
    namespace: String
    key: String!
    type: String
    value: String!
    compareDigest: String
  }

  type MetafieldsSetUserError {
    field: [String!]
    message: String!
    code: MetafieldsSetUserErrorCode
    elementIndex: Int
  }

  type MetafieldsSetPayload {
    metafields: [Metafield!]
    userErrors: [MetafieldsSetUserError!]!
  }

  input MetafieldIdentifierInput {
    ownerId: ID!
    namespace: String!
    key: String!
  }

  type MetafieldIdentifier {
    ownerId: ID!
    namespace: String!
    key: String!
  }

  type MetafieldsDeletePayload {
    deletedMetafields: [MetafieldIdentifier]
    userErrors: [UserError!]!
  }

  extend type AppInstallation {
    metafield(namespace: String, key: String!): Metafield
    metafields(
      first: Int
      last: Int
      after: String
      before: String
      reverse: Boolean = false
      namespace: String
      keys: [String!]
    ): MetafieldConnection!
  }

  extend type Mutation {
    metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
    metafieldsDelete(metafields: [MetafieldIdentifierInput!]!): MetafieldsDeletePayload
  }
`;

export function metafieldNode(record: AppMetafieldRecord) {
  return {
    id: gid('Metafield', record.id),
    namespace: record.namespace,
    key: record.key,
    type: record.type,
    value: record.value,
    jsonValue: typedValue(record.type, record.value),
    ownerType: record.owner ? 'VALIDATION' : 'API_PERMISSION',
    compareDigest: compareDigest(record),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

interface MetafieldsArgs extends ConnectionArgs {
  reverse?: boolean | null;
  namespace?: string | null;
  /** `namespace.key` pairs. */
  keys?: string[] | null;
}

/** The metafield fields `currentAppInstallation` resolves lazily, per selection. */
export function installationMetafieldFields(
  emulator: EmulatorContext,
  installation: InstallationRecord,
) {
  return {
    metafield: (args: { namespace?: string | null; key: string }) => {
      const found = findMetafield(
        emulator,
        installation,
        resolveNamespace(args.namespace),
        args.key,
      );
      return found ? metafieldNode(found) : null;
    },
    metafields: (args: MetafieldsArgs) => {
      const namespace =
        args.namespace === null || args.namespace === undefined
          ? null
          : resolveNamespace(args.namespace);
      const nodes = installationMetafields(emulator, installation)
        .filter(
          (m) =>
            (namespace === null || m.namespace === namespace) &&
            (!args.keys || args.keys.includes(`${m.namespace}.${m.key}`)),
        )
        .map(metafieldNode);
      return connection(args.reverse ? nodes.reverse() : nodes, args);
    },
  };
}

export const metafieldsDomain: GraphqlDomain = {
  typeDefs,
  mutation: {
    metafieldsSet: (
      args: { metafields: MetafieldsSetInput[] },
      { emulator, installation }: RequestContext,
    ) => {
      const result = setMetafields(emulator, installation, args.metafields);
      return result.ok
        ? { metafields: result.records.map(metafieldNode), userErrors: [] }
        : { metafields: [], userErrors: result.errors };
    },
    metafieldsDelete: (
      args: { metafields: { ownerId: string; namespace: string; key: string }[] },
      { emulator, installation }: RequestContext,
    ) => {
      const ownId = gid('AppInstallation', installation.id);
      const deletedMetafields = args.metafields.map((identifier) => {
        const namespace = resolveNamespace(identifier.namespace);
        const deleted =
          identifier.ownerId === ownId &&
          deleteMetafield(emulator, installation, namespace, identifier.key);
        return deleted ? { ownerId: ownId, namespace, key: identifier.key } : null;
      });
      return { deletedMetafields, userErrors: [] };
    },
  },
};
