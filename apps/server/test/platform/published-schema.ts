// Shopify's published GraphQL schemas, as the pinned @shopify/dev-mcp package ships them
// (gzipped introspection results, one per API and version), read from node_modules.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/** The package's data folder, found the way Node finds a package: up the node_modules folders. */
function dataDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', '@shopify', 'dev-mcp', 'dist', 'data');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('@shopify/dev-mcp is not installed (npm ci)');
  }
}

/** `admin` or a function API such as `functions_cart_checkout_validation`, at one version. */
export function publishedSchema(api: string, version: string): GraphQLSchema {
  const file = join(dataDir(), `${api}_${version}.json.gz`);
  const json = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
    data: IntrospectionQuery;
  };
  return buildClientSchema(json.data);
}
