// Script tags through the Admin API: `scriptTagCreate`, `scriptTagDelete`, `scriptTags`,
// `scriptTag`. Writing needs `write_script_tags`; reading needs either script tag scope.
import type { ScriptTagRecord } from '../state/types.js';
import { hasScope } from '../installations.js';
import { MAX_SCRIPT_TAGS, scriptSourceError, shopScriptTags } from '../script-tags/script-tags.js';
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

interface CreateArgs {
  input: {
    src?: string | null;
    displayScope?: ScriptTagRecord['displayScope'] | null;
    cache?: boolean | null;
  };
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
    scriptTagCreate: (args: CreateArgs, context) => {
      requireScope(context, 'write_script_tags', 'scriptTagCreate');
      const { emulator, shop } = context;
      const src = args.input.src ?? '';
      const fail = (field: string, message: string) => ({
        scriptTag: null,
        userErrors: [{ field: ['input', field], message }],
      });
      const sourceError = src ? scriptSourceError(src) : "Source can't be blank";
      if (sourceError) return fail('src', sourceError);
      if (shopScriptTags(emulator, shop.domain).length >= MAX_SCRIPT_TAGS) {
        return fail('src', `An app can add at most ${MAX_SCRIPT_TAGS} script tags to a store`);
      }
      const now = new Date().toISOString();
      const tag: ScriptTagRecord = {
        id: emulator.store.nextId(),
        shop: shop.domain,
        src,
        displayScope: args.input.displayScope ?? 'ONLINE_STORE',
        cache: args.input.cache ?? false,
        createdAt: now,
        updatedAt: now,
      };
      emulator.store.state.scriptTags = [...(emulator.store.state.scriptTags ?? []), tag];
      emulator.store.save();
      return { scriptTag: scriptTagNode(tag), userErrors: [] };
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
