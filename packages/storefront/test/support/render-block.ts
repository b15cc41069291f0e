// Renders the real app-embed block (extensions/gatehouse-embed/blocks/app-embed.liquid) with
// liquidjs, the way the platform renders it into a theme's <head>.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Liquid } from 'liquidjs';

export const BLOCK_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../extensions/gatehouse-embed/blocks/app-embed.liquid',
);

const SCHEMA = /{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/;

export interface BlockSettings {
  shop: string;
  /** The app-data metafield `gatehouse.api_origin`; empty before the app has written it. */
  apiOrigin: string;
  timeoutMs: number;
  /** The app-data metafield `gatehouse.policy_version`; absent before the app has written it. */
  policyVersion?: string;
  /** Where `{{ 'gatehouse.js' | asset_url }}` points. */
  assetBase: string;
}

export function readBlockSchema(): Record<string, unknown> {
  const match = SCHEMA.exec(readFileSync(BLOCK_FILE, 'utf8'));
  return JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
}

export async function renderBlock(settings: BlockSettings): Promise<string> {
  // The platform strips the schema before rendering; liquidjs has no such tag.
  const template = readFileSync(BLOCK_FILE, 'utf8').replace(SCHEMA, '');
  const liquid = new Liquid({ strictFilters: true });
  liquid.registerFilter('asset_url', (name: string) => `${settings.assetBase}/${name}`);
  const html: unknown = await liquid.parseAndRender(template, {
    shop: { permanent_domain: settings.shop },
    app: {
      metafields: {
        gatehouse: {
          api_origin: { value: settings.apiOrigin },
          ...(settings.policyVersion ? { policy_version: { value: settings.policyVersion } } : {}),
        },
      },
    },
    block: { settings: { timeout_ms: settings.timeoutMs } },
  });
  return String(html).trim();
}
