// Script tags through the Admin API: `scriptTags` and `scriptTag` to audit them, `scriptTagDelete`
// to clean them up; `scriptTagCreate` and `scriptTagUpdate` answer a user error on every API
// version, as the platform has since October 1, 2026. Writing needs `write_script_tags`; reading
// needs either script tag scope.
import type { ScriptTagRecord } from '../state/types.js';
import { hasScope } from '../installations.js';
import { SCRIPT_TAGS_REFUSED, shopScriptTags } from '../script-tags/script-tags.js';
import { connection, type ConnectionArgs } from './connection.js';
import { gid, parseGid, requireScope, type GraphqlDomain, type RequestContext } from './domain.js';

const typeDefs = /* GraphQL */ `
  enum ScriptTagDisplayScope {
    ALL
    ORDER_STATUS
    ONLINE_STORE
  }

  input ScriptTagInput {
    src: URL
    displayScope: ScriptTagDisplayScope
    cache: Boolean = false
  }

  type ScriptTag {
    id: ID!
    legacyResourceId: UnsignedInt64!
    src: URL!
    displayScope: ScriptTagDisplayScope!
    cache: Boolean!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type ScriptTagEdge {
    cursor: String!
    node: ScriptTag!
  }

  type ScriptTagConnection {
    nodes: [ScriptTag!]!
    edges: [ScriptTagEdge!]!
    pageInfo: PageInfo!
  }

  type ScriptTagCreatePayload {
    scriptTag: ScriptTag
    userErrors: [UserError!]!
  }

  type ScriptTagUpdatePayload {
    scriptTag: ScriptTag
    userErrors: [UserError!]!
  }

  type ScriptTagDeletePayload {
    deletedScriptTagId: ID
    userErrors: [UserError!]!
  }

  extend type QueryRoot {
    scriptTags(first: Int, last: Int, after: String, before: String, src: URL): ScriptTagConnection!
    scriptTag(id: ID!): ScriptTag
  }

  extend type Mutation {
    scriptTagCreate(input: ScriptTagInput!): ScriptTagCreatePayload
    scriptTagUpdate(id: ID!, input: ScriptTagInput!): ScriptTagUpdatePayload
    scriptTagDelete(id: ID!): ScriptTagDeletePayload
  }
`;

function scriptTagNode(tag: ScriptTagRecord) {
  return {
    id: gid('ScriptTag', tag.id),
    legacyResourceId: String(tag.id),
    src: tag.src,
    displayScope: tag.displayScope,
    cache: tag.cache,
    createdAt: tag.createdAt,
    updatedAt: tag.updatedAt,
  };
}

function requireRead(context: RequestContext, field: string): void {
  if (!hasScope(context.installation.scopes, 'write_script_tags')) {
    requireScope(context, 'read_script_tags', field);
  }
}

/** Nothing is created or changed: the platform no longer takes script tags. */
function refused() {
  return { scriptTag: null, userErrors: [{ field: null, message: SCRIPT_TAGS_REFUSED }] };
}

export const scriptTagsDomain: GraphqlDomain = {
  typeDefs,
  query: {
    scriptTags: (args: ConnectionArgs & { src?: string | null }, context) => {
      requireRead(context, 'scriptTags');
      const tags = shopScriptTags(context.emulator, context.shop.domain).filter(
        (tag) => !args.src || tag.src === args.src,
      );
      return connection(tags.map(scriptTagNode), args);
    },
    scriptTag: (args: { id: string }, context) => {
      requireRead(context, 'scriptTag');
      const id = parseGid('ScriptTag', args.id);
      const tag = shopScriptTags(context.emulator, context.shop.domain).find((t) => t.id === id);
      return tag ? scriptTagNode(tag) : null;
    },
  },
  mutation: {
    scriptTagCreate: (_args: unknown, context) => {
      requireScope(context, 'write_script_tags', 'scriptTagCreate');
      return refused();
    },
    scriptTagUpdate: (_args: unknown, context) => {
      requireScope(context, 'write_script_tags', 'scriptTagUpdate');
      return refused();
    },
    scriptTagDelete: (args: { id: string }, context) => {
      requireScope(context, 'write_script_tags', 'scriptTagDelete');
      const { emulator, shop } = context;
      const id = parseGid('ScriptTag', args.id);
      const tags = emulator.store.state.scriptTags ?? [];
      const found = tags.find((t) => t.id === id && t.shop === shop.domain);
      if (!found) {
        return {
          deletedScriptTagId: null,
          userErrors: [{ field: ['id'], message: 'Script tag does not exist' }],
        };
      }
      emulator.store.state.scriptTags = tags.filter((t) => t !== found);
      emulator.store.save();
      return { deletedScriptTagId: gid('ScriptTag', found.id), userErrors: [] };
    },
  },
};
