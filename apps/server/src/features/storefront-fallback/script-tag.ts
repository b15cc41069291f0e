// The app's script tag on a store: added where the store granted script tags, so a store whose
// theme does not have the app embed switched on is still protected, from the moment each page
// has loaded. Looked up by its source, so adding it again never makes a second one.
import { FALLBACK_LOADER_PATH } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { Shop } from '../../db/schema.js';
import { gql } from '../../platform/gql.js';
import type { SharedDeadline } from '../../platform/platform-call.js';
import { PlatformError } from '../../platform/platform-error.js';

export const SCRIPT_TAG_SCOPE = 'write_script_tags';

export function allowsScriptTags(shop: Shop): boolean {
  return shop.grantedScopes.split(',').some((scope) => scope.trim() === SCRIPT_TAG_SCOPE);
}

export function fallbackSource(appUrl: string): string {
  return `${appUrl}${FALLBACK_LOADER_PATH}`;
}

interface ScriptTagsData {
  scriptTags: { nodes: { id: string; src: string }[] };
}

/** Whether the store carries the app's script tag. */
export async function hasScriptTag(
  app: FastifyInstance,
  shop: Shop,
  token: string,
  options: SharedDeadline = {},
): Promise<boolean> {
  const src = fallbackSource(app.config.appUrl);
  const data = await app.platform.graphql<ScriptTagsData>(
    shop.domain,
    token,
    gql`
      query GatehouseScriptTags($src: URL) {
        scriptTags(first: 10, src: $src) {
          nodes {
            id
            src
          }
        }
      }
    `,
    { src },
    options,
  );
  return data.scriptTags.nodes.some((node) => node.src === src);
}

/**
 * Adds the script tag unless the store already has it; nothing when the store did not grant
 * script tags. Throws a PlatformError when the platform refuses it.
 */
export async function installScriptTag(
  app: FastifyInstance,
  shop: Shop,
  token: string,
  options: SharedDeadline = {},
): Promise<'added' | 'present' | 'notAllowed'> {
  if (!allowsScriptTags(shop)) return 'notAllowed';
  const deadline = options.deadline ?? app.platform.flowDeadline();
  if (await hasScriptTag(app, shop, token, { deadline })) return 'present';
  const data = await app.platform.graphql<{
    scriptTagCreate: { userErrors: { message: string }[] } | null;
  }>(
    shop.domain,
    token,
    gql`
      mutation GatehouseScriptTag($input: ScriptTagInput!) {
        scriptTagCreate(input: $input) {
          scriptTag {
            id
          }
          userErrors {
            field
            message
          }
        }
      }
    `,
    { input: { src: fallbackSource(app.config.appUrl), displayScope: 'ONLINE_STORE' } },
    { deadline },
  );
  const errors = data.scriptTagCreate?.userErrors ?? [];
  if (errors.length > 0) throw new PlatformError(errors.map((e) => e.message).join('; '));
  return 'added';
}
