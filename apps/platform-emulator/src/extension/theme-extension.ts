// Reads the app's theme app extension from disk (extensions/gatehouse-embed) the way the
// platform knows it after a deploy: its uid, and each block's handle, schema and markup.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface BlockSetting {
  type: string;
  id?: string;
  label?: string;
  default?: unknown;
}

export interface ThemeBlock {
  /** File name without `.liquid`; the handle used in deep links and block types. */
  handle: string;
  name: string;
  target: string;
  javascript?: string;
  stylesheet?: string;
  settings: BlockSetting[];
  /** Liquid markup before `{% schema %}`. */
  markup: string;
}

export interface ThemeExtension {
  dir: string;
  uid: string;
  name: string;
  blocks: ThemeBlock[];
}

const SCHEMA = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/;
const EMBED_TARGETS = new Set(['head', 'body', 'compliance_head']);

export function loadThemeExtension(dir: string): ThemeExtension {
  const toml = readFileSync(join(dir, 'shopify.extension.toml'), 'utf8');
  const uid = /^\s*uid\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  const name = /^\s*name\s*=\s*"([^"]+)"/m.exec(toml)?.[1] ?? 'theme extension';
  if (!uid) throw new Error(`${dir}/shopify.extension.toml has no uid`);
  const blocksDir = join(dir, 'blocks');
  const files = existsSync(blocksDir) ? readdirSync(blocksDir) : [];
  const blocks = files
    .filter((file) => file.endsWith('.liquid'))
    .sort()
    .map((file) =>
      parseBlock(file.slice(0, -'.liquid'.length), readFileSync(join(blocksDir, file), 'utf8')),
    );
  return { dir, uid, name, blocks };
}

export function parseBlock(handle: string, source: string): ThemeBlock {
  const match = SCHEMA.exec(source);
  if (!match?.[1]) throw new Error(`Block ${handle} has no {% schema %}`);
  const schema = JSON.parse(match[1]) as Partial<ThemeBlock>;
  return {
    handle,
    name: schema.name ?? handle,
    target: schema.target ?? 'section',
    ...(schema.javascript ? { javascript: schema.javascript } : {}),
    ...(schema.stylesheet ? { stylesheet: schema.stylesheet } : {}),
    settings: Array.isArray(schema.settings) ? schema.settings : [],
    markup: source.slice(0, match.index),
  };
}

/** App embed blocks are the ones injected site-wide (head or body). */
export function embedBlocks(extension: ThemeExtension): ThemeBlock[] {
  return extension.blocks.filter((block) => EMBED_TARGETS.has(block.target));
}

/** `shopify://apps/<app handle>/blocks/<block handle>/<uid>`, as stored in settings_data. */
export function blockType(appHandle: string, extension: ThemeExtension, block: ThemeBlock): string {
  return `shopify://apps/${appHandle}/blocks/${block.handle}/${extension.uid}`;
}

/** The schema's defaults overlaid with the merchant's saved values. */
export function blockSettings(
  block: ThemeBlock,
  saved: Record<string, unknown>,
): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const setting of block.settings) {
    if (setting.id !== undefined && setting.default !== undefined)
      settings[setting.id] = setting.default;
  }
  return { ...settings, ...saved };
}
