// `themes` and `theme(id){ files }`: the shop's themes and their files, which is how an app finds
// out whether its app embed is on. Needs read_themes.
import { createHash } from 'node:crypto';
import type { ThemeRecord } from '../state/types.js';
import { connection, type ConnectionArgs } from './connection.js';
import { gid, parseGid, requireScope, type GraphqlDomain } from './domain.js';

const typeDefs = /* GraphQL */ `
  enum ThemeRole {
    MAIN
    UNPUBLISHED
    DEMO
    DEVELOPMENT
    ARCHIVED
    LOCKED
  }

  type OnlineStoreThemeFileBodyText {
    content: String!
  }

  type OnlineStoreThemeFileBodyBase64 {
    contentBase64: String!
  }

  type OnlineStoreThemeFileBodyUrl {
    url: URL!
  }

  union OnlineStoreThemeFileBody =
    | OnlineStoreThemeFileBodyText
    | OnlineStoreThemeFileBodyBase64
    | OnlineStoreThemeFileBodyUrl

  type OnlineStoreThemeFile {
    filename: String!
    body: OnlineStoreThemeFileBody!
    checksumMd5: String
    contentType: String!
    size: UnsignedInt64!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type OnlineStoreThemeFileEdge {
    cursor: String!
    node: OnlineStoreThemeFile!
  }

  type OnlineStoreThemeFileConnection {
    nodes: [OnlineStoreThemeFile!]!
    edges: [OnlineStoreThemeFileEdge!]!
    pageInfo: PageInfo!
  }

  type OnlineStoreTheme {
    id: ID!
    name: String!
    role: ThemeRole!
    prefix: String!
    processing: Boolean!
    themeStoreId: Int
    createdAt: DateTime!
    updatedAt: DateTime!
    files(filenames: [String!], first: Int = 50, after: String): OnlineStoreThemeFileConnection
  }

  type OnlineStoreThemeEdge {
    cursor: String!
    node: OnlineStoreTheme!
  }

  type OnlineStoreThemeConnection {
    nodes: [OnlineStoreTheme!]!
    edges: [OnlineStoreThemeEdge!]!
    pageInfo: PageInfo!
  }

  extend type QueryRoot {
    themes(
      first: Int
      last: Int
      after: String
      before: String
      roles: [ThemeRole!]
      names: [String!]
    ): OnlineStoreThemeConnection
    theme(id: ID!): OnlineStoreTheme
  }
`;

function themeNode(theme: ThemeRecord) {
  return {
    id: gid('OnlineStoreTheme', theme.id),
    name: theme.name,
    role: theme.role,
    prefix: `/t/${theme.id}`,
    processing: false,
    themeStoreId: 887,
    createdAt: theme.createdAt,
    updatedAt: theme.updatedAt,
    files: (args: { filenames?: string[] | null } & ConnectionArgs) => {
      const keys = Object.keys(theme.files).filter(
        (key) => !args.filenames || args.filenames.includes(key),
      );
      const files = keys.map((filename) => {
        const content = theme.files[filename] ?? '';
        return {
          filename,
          body: { __typename: 'OnlineStoreThemeFileBodyText', content },
          checksumMd5: createHash('md5').update(content).digest('hex'),
          contentType: filename.endsWith('.json') ? 'application/json' : 'text/plain',
          size: String(Buffer.byteLength(content)),
          createdAt: theme.createdAt,
          updatedAt: theme.updatedAt,
        };
      });
      return connection(files, args);
    },
  };
}

export const themesDomain: GraphqlDomain = {
  typeDefs,
  query: {
    themes: (
      args: ConnectionArgs & { roles?: string[] | null; names?: string[] | null },
      context,
    ) => {
      requireScope(context, 'read_themes', 'themes');
      const themes = context.shop.themes.filter(
        (theme) =>
          (!args.roles || args.roles.includes(theme.role)) &&
          (!args.names || args.names.includes(theme.name)),
      );
      return connection(themes.map(themeNode), args);
    },
    theme: (args: { id: string }, context) => {
      requireScope(context, 'read_themes', 'theme');
      const id = parseGid('OnlineStoreTheme', args.id);
      const theme = context.shop.themes.find((candidate) => candidate.id === id);
      return theme ? themeNode(theme) : null;
    },
  },
};
