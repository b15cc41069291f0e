// Cart and checkout validations over Admin GraphQL: the app's functions (`shopifyFunctions`),
// the shop's validations (`validations`, `validation`) with their metafields, and
// `validationCreate`, `validationUpdate`, `validationDelete`. Reading needs `read_validations`
// and writing `write_validations` (write implies read). At most 25 validations per shop.
// Metafields on a validation are set with `metafieldsSet` (ownerId: the validation's id).
import { APP_FUNCTIONS, appFunction, type AppFunction } from '../functions/app-functions.js';
import { validationsOf } from '../functions/run-validations.js';
import { APP_ID, ownedMetafields, resolveNamespace } from '../metafields/app-metafields.js';
import type { ValidationRecord } from '../state/types.js';
import { connection, type ConnectionArgs } from './connection.js';
import { metafieldNode } from './metafields.graphql.js';
import { gid, parseGid, requireScope, type GraphqlDomain, type RequestContext } from './domain.js';

export const MAX_VALIDATIONS = 25;

const typeDefs = /* GraphQL */ `
  type ShopifyFunction {
    id: String!
    title: String!
    apiType: String!
    handle: String!
    app: App!
    appKey: String!
  }

  type ShopifyFunctionConnection {
    nodes: [ShopifyFunction!]!
    pageInfo: PageInfo!
  }

  type Validation {
    id: ID!
    title: String!
    enabled: Boolean!
    blockOnFailure: Boolean!
    shopifyFunction: ShopifyFunction!
    metafield(namespace: String, key: String!): Metafield
  }

  type ValidationConnection {
    nodes: [Validation!]!
    pageInfo: PageInfo!
  }

  input ValidationCreateInput {
    functionHandle: String
    enable: Boolean = false
    blockOnFailure: Boolean = false
    title: String
  }

  input ValidationUpdateInput {
    enable: Boolean = false
    blockOnFailure: Boolean = false
    title: String
  }

  enum ValidationUserErrorCode {
    MAX_VALIDATIONS_ACTIVATED
    MISSING_FUNCTION_IDENTIFIER
    NOT_FOUND
  }

  type ValidationUserError {
    field: [String!]
    message: String!
    code: ValidationUserErrorCode
  }

  type ValidationCreatePayload {
    validation: Validation
    userErrors: [ValidationUserError!]!
  }

  type ValidationUpdatePayload {
    validation: Validation
    userErrors: [ValidationUserError!]!
  }

  type ValidationDeletePayload {
    deletedId: ID
    userErrors: [ValidationUserError!]!
  }

  extend type QueryRoot {
    shopifyFunctions(
      first: Int
      last: Int
      after: String
      before: String
      apiType: String
    ): ShopifyFunctionConnection!
    validations(first: Int, last: Int, after: String, before: String): ValidationConnection!
    validation(id: ID!): Validation
  }

  extend type Mutation {
    validationCreate(validation: ValidationCreateInput!): ValidationCreatePayload
    validationUpdate(id: ID!, validation: ValidationUpdateInput!): ValidationUpdatePayload
    validationDelete(id: ID!): ValidationDeletePayload
  }
`;

function functionNode(context: RequestContext, fn: AppFunction) {
  const { app } = context.emulator;
  return {
    id: fn.id,
    title: fn.title,
    apiType: fn.apiType,
    handle: fn.handle,
    appKey: app.clientId,
    app: { id: gid('App', APP_ID), title: app.name, handle: app.handle, apiKey: app.clientId },
  };
}

function validationNode(context: RequestContext, record: ValidationRecord) {
  const fn = appFunction(record.functionId)!;
  const id = gid('Validation', record.id);
  return {
    id,
    title: record.title,
    enabled: record.enabled,
    blockOnFailure: record.blockOnFailure,
    shopifyFunction: functionNode(context, fn),
    metafield: (args: { namespace?: string | null; key: string }) => {
      const namespace = resolveNamespace(args.namespace);
      const found = ownedMetafields(context.emulator, context.installation, id).find(
        (m) => m.namespace === namespace && m.key === args.key,
      );
      return found ? metafieldNode(found) : null;
    },
  };
}

const userError = (field: string[], message: string, code: string) => ({
  validation: null,
  userErrors: [{ field, message, code }],
});

function findValidation(context: RequestContext, id: string): ValidationRecord | undefined {
  const n = parseGid('Validation', id);
  return validationsOf(context.emulator, context.shop.domain).find((v) => v.id === n);
}

export const validationsDomain: GraphqlDomain = {
  typeDefs,
  query: {
    shopifyFunctions: (args: ConnectionArgs & { apiType?: string | null }, context) => {
      requireScope(context, 'read_validations', 'shopifyFunctions');
      const nodes = APP_FUNCTIONS.filter((fn) => !args.apiType || fn.apiType === args.apiType);
      return connection(
        nodes.map((fn) => functionNode(context, fn)),
        args,
      );
    },
    validations: (args: ConnectionArgs, context) => {
      requireScope(context, 'read_validations', 'validations');
      const nodes = validationsOf(context.emulator, context.shop.domain);
      return connection(
        nodes.map((v) => validationNode(context, v)),
        args,
      );
    },
    validation: (args: { id: string }, context) => {
      requireScope(context, 'read_validations', 'validation');
      const found = findValidation(context, args.id);
      return found ? validationNode(context, found) : null;
    },
  },
  mutation: {
    validationCreate: (
      args: {
        validation: {
          functionHandle?: string | null;
          enable?: boolean | null;
          blockOnFailure?: boolean | null;
          title?: string | null;
        };
      },
      context: RequestContext,
    ) => {
      requireScope(context, 'write_validations', 'validationCreate');
      const input = args.validation;
      if (!input.functionHandle) {
        return userError(
          ['validation', 'functionHandle'],
          'Provide functionHandle: the handle of the function to install.',
          'MISSING_FUNCTION_IDENTIFIER',
        );
      }
      const fn = APP_FUNCTIONS.find((f) => f.handle === input.functionHandle);
      if (!fn) {
        return userError(['validation', 'functionHandle'], 'Function not found.', 'NOT_FOUND');
      }
      const { state } = context.emulator.store;
      const existing = validationsOf(context.emulator, context.shop.domain);
      if (existing.length >= MAX_VALIDATIONS) {
        return userError(
          ['validation'],
          `Cannot have more than ${MAX_VALIDATIONS} active validation functions.`,
          'MAX_VALIDATIONS_ACTIVATED',
        );
      }
      const now = new Date().toISOString();
      const record: ValidationRecord = {
        id: context.emulator.store.nextId(),
        shop: context.shop.domain,
        functionId: fn.id,
        title: input.title ?? fn.title,
        enabled: input.enable ?? false,
        blockOnFailure: input.blockOnFailure ?? false,
        createdAt: now,
        updatedAt: now,
      };
      state.validations = [...(state.validations ?? []), record];
      context.emulator.store.save();
      return { validation: validationNode(context, record), userErrors: [] };
    },
    validationUpdate: (
      args: {
        id: string;
        validation: {
          enable?: boolean | null;
          blockOnFailure?: boolean | null;
          title?: string | null;
        };
      },
      context: RequestContext,
    ) => {
      requireScope(context, 'write_validations', 'validationUpdate');
      const found = findValidation(context, args.id);
      if (!found) return userError(['id'], 'Extension not found.', 'NOT_FOUND');
      const input = args.validation;
      if (input.enable !== undefined && input.enable !== null) found.enabled = input.enable;
      if (input.blockOnFailure !== undefined && input.blockOnFailure !== null) {
        found.blockOnFailure = input.blockOnFailure;
      }
      if (input.title) found.title = input.title;
      found.updatedAt = new Date().toISOString();
      context.emulator.store.save();
      return { validation: validationNode(context, found), userErrors: [] };
    },
    validationDelete: (args: { id: string }, context: RequestContext) => {
      requireScope(context, 'write_validations', 'validationDelete');
      const found = findValidation(context, args.id);
      if (!found) {
        return {
          deletedId: null,
          userErrors: [{ field: ['id'], message: 'Extension not found.', code: 'NOT_FOUND' }],
        };
      }
      const { state } = context.emulator.store;
      state.validations = (state.validations ?? []).filter((v) => v !== found);
      const owner = gid('Validation', found.id);
      state.appMetafields = state.appMetafields.filter((m) => m.owner !== owner);
      context.emulator.store.save();
      return { deletedId: owner, userErrors: [] };
    },
  },
};
